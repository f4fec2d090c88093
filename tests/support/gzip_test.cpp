// support/gzip.hpp: game records compress and come back byte for byte, and a
// damaged, truncated or oversized stream is a located error, not a crash.

#include "support/gzip.hpp"

#include <catch2/catch.hpp>
#include <string>

#include "support/error.hpp"

using Catch::Matchers::Contains;
using namespace evalsynth;

namespace {

// Text with the repetition of a record file, and some bytes that are not.
std::string sample_text() {
  std::string text = "# evalsynth match records: one game a line\n";
  for (int i = 0; i < 5000; ++i)
    text += "ibef@2\tadate@2\t0\t" + std::to_string(i) + "\t1-0\t23\t" + std::to_string(i * 7919 % 1000) + "\n";
  text += std::string("\0\x1f\x8b\xff", 4);
  return text;
}

}  // namespace

TEST_CASE("gzip: a text comes back byte for byte, and the same text gives the same bytes", "[gzip]") {
  const std::string text = sample_text();
  const std::string packed = gzip_compress(text);
  CHECK(is_gzip(packed));
  CHECK_FALSE(is_gzip(text));
  CHECK(packed.size() < text.size() / 4);
  CHECK(packed == gzip_compress(text));  // no time stamp in the header
  CHECK(gzip_decompress(packed, "f.gz", text.size()) == text);
  // Empty text, and two members one after the other (as `cat a.gz b.gz`).
  CHECK(gzip_decompress(gzip_compress(""), "e.gz", 10).empty());
  CHECK(gzip_decompress(gzip_compress("ab") + gzip_compress("cd"), "two.gz", 10) == "abcd");
  CHECK(names_gzip_file("games.tsv.gz"));
  CHECK_FALSE(names_gzip_file("games.tsv"));
}

TEST_CASE("gzip: damaged, truncated and oversized streams are errors at the file", "[gzip][errors]") {
  const std::string text = sample_text();
  const std::string packed = gzip_compress(text);
  const auto error_of = [](const std::string& bytes, std::size_t limit) {
    try {
      gzip_decompress(bytes, "records.tsv.gz", limit);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  CHECK_THAT(error_of(packed.substr(0, packed.size() / 2), text.size()),
             Contains("records.tsv.gz") && Contains("damaged or truncated"));
  CHECK_THAT(error_of(packed.substr(0, packed.size() - 4), text.size()), Contains("damaged or truncated"));
  std::string flipped = packed;
  flipped[flipped.size() / 2] = static_cast<char>(flipped[flipped.size() / 2] ^ 0x55);
  // (The CRC catches a change that still inflates; one may also inflate to
  // more than the text, which the limit stops.)
  CHECK_THAT(error_of(flipped, text.size()), Contains("records.tsv.gz:1:1: error:"));
  CHECK_THAT(error_of("\x1f\x8b", text.size()), Contains("damaged or truncated"));
  // A stream that expands beyond the limit stops at it: a small file cannot
  // fill memory.
  CHECK_THAT(error_of(gzip_compress(std::string(1 << 20, 'x')), 1000), Contains("more than 1000 bytes"));
  CHECK(error_of(packed, text.size()) == "no error");
}
