#include "support/html_page.hpp"

namespace evalsynth {

std::string html_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    switch (c) {
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '&':
        out += "&amp;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string html_page_opening(std::string_view title, std::string_view generator, std::string_view style) {
  std::string page = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>";
  page += html_escape(title);
  page += "</title>\n<meta name=\"generator\" content=\"";
  page += html_escape(generator);
  page += "\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<style>\n";
  page += style;
  page +=
      "</style>\n"
      "<script>addEventListener('error', () => { const d = document.documentElement.dataset; "
      "d.errors = Number(d.errors || 0) + 1; });</script>\n"
      "</head>\n<body>\n";
  return page;
}

}  // namespace evalsynth
