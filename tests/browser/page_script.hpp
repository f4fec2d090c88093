#pragma once
// Browser tests of exported pages: a test script run after the page's own,
// and what it wrote into <pre id="test-out">.

#include <string>

#include "browser/chromium.hpp"

namespace test {

// What the page's test script wrote into <pre id="test-out">.
inline std::string test_output(const Run& page) {
  // (Not std::regex: it recurses per character and overflows the stack on long outputs.)
  const std::string open = "<pre id=\"test-out\">";
  const std::size_t start = page.output.find(open);
  const std::size_t end = page.output.find("</pre>", start);
  if (start == std::string::npos || end == std::string::npos) return "(no test output)";
  return page.output.substr(start + open.size(), end - start - open.size());
}

// The page with `script` run after its own.
inline std::string with_script(std::string page, const std::string& script) {
  const std::size_t end = page.rfind("</body>");
  REQUIRE(end != std::string::npos);
  return page.insert(end, "<pre id=\"test-out\"></pre>\n<script>\n" + script + "</script>\n");
}

}  // namespace test
