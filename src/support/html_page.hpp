#pragma once
// The common opening of evalsynth's self-contained HTML pages (the run report,
// match/strength tables, the playable page of export --html).

#include <string>
#include <string_view>

namespace evalsynth {

// Text for HTML element content or attribute values: <, >, &, " escaped.
std::string html_escape(std::string_view text);

// "<!DOCTYPE html>" up to and including "<body>\n": the title (escaped), the
// generator (the command that wrote the page), the page's style inline, and a
// script counting script errors into <html data-errors="N"> (the browser
// tests read it).
std::string html_page_opening(std::string_view title, std::string_view generator, std::string_view style);

}  // namespace evalsynth
