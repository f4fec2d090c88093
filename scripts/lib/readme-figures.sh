# Functions for a results folder's README.check (sourced by
# scripts/check-readmes, in the folder): each figure the README quotes,
# computed again from the files beside it.
#
#   figure TEXT VALUE   README.md must contain TEXT (verbatim) and VALUE,
#                       computed from a file, must equal TEXT.
#
# and, to compute VALUE (every FILE is relative to the folder; .gz files
# are read through zcat):
#   lines FILE [REGEX]         the number of lines (matching the extended REGEX)
#   field FILE REGEX N         field N (whitespace-separated) of the first line
#                              matching REGEX
#   match FILE REGEX           the first text matching REGEX (grep -oE)
#   column FILE KEY COLUMN     a CSV's value: the row whose first field is KEY
#                              (or whose fields joined by ',' start with KEY),
#                              the column named COLUMN
#   json FILE KEY              the first value of "KEY": in a JSON file
#   calc FORMAT EXPRESSION     awk's printf FORMAT of EXPRESSION
# A failure prints the folder, the figure and what the file gives; the
# script goes on to the next figure.

figures_checked=0
figures_failed=0

_read() { case "$1" in *.gz) zcat -- "$1" ;; *) cat -- "$1" ;; esac; }

_fail() {
  echo "check-readmes: $PWD/README.md: $*" >&2
  figures_failed=$((figures_failed + 1))
}

figure() {
  local text=$1 value=$2 readme
  figures_checked=$((figures_checked + 1))
  # The whole file as one string: a TEXT of several lines must appear as
  # it is (grep would take each of its lines as a pattern of its own).
  readme=$(< README.md)
  if [[ $readme != *"$text"* ]]; then
    _fail "the README does not say '$text' (its file gives '$value')"
  elif [ "$text" != "$value" ]; then
    _fail "the README says '$text', its file gives '$value'"
  fi
}

lines() {
  if [ $# -ge 2 ]; then _read "$1" | grep -cE -- "$2"; else _read "$1" | wc -l | tr -d ' '; fi
}

field() { _read "$1" | grep -m 1 -E -- "$2" | awk -v n="$3" '{ print $n }'; }

match() { _read "$1" | grep -m 1 -oE -- "$2" | head -n 1; }

column() {
  _read "$1" | awk -F, -v key="$2" -v name="$3" '
    NR == 1 { for (i = 1; i <= NF; ++i) if ($i == name) c = i; next }
    c && ($1 == key || index($0, key) == 1) { print $c; exit }'
}

json() { _read "$1" | grep -m 1 -oE "\"$2\": *[^,}]*" | sed -E 's/^[^:]*: *//; s/^"//; s/"$//'; }

calc() { awk "BEGIN { printf \"$1\", $2 }"; }
