#pragma once
// The one CSV writer: rows of fields, quoted (RFC 4180) where a field holds a
// comma, a quote or a line break.

#include <initializer_list>
#include <string>
#include <string_view>

namespace evalsynth {

class CsvWriter {
 public:
  explicit CsvWriter(std::initializer_list<std::string_view> header) { row(header); }

  void row(std::initializer_list<std::string_view> fields) {
    bool first = true;
    for (std::string_view f : fields) {
      if (!first) text_ += ',';
      first = false;
      field(f);
    }
    text_ += '\n';
  }

  const std::string& text() const { return text_; }

 private:
  void field(std::string_view f) {
    if (f.find_first_of(",\"\n\r") == std::string_view::npos) {
      text_ += f;
      return;
    }
    text_ += '"';
    for (char c : f) {
      if (c == '"') text_ += '"';
      text_ += c;
    }
    text_ += '"';
  }

  std::string text_;
};

}  // namespace evalsynth
