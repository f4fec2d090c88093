#pragma once
// Pages in a real browser: headless Chromium (Debian's `chromium`, installed
// by scripts/test) loads a file from disk, runs its scripts (timers run on
// virtual time, so waiting costs nothing) and prints the DOM they leave.

#include <filesystem>
#include <string>

#include "test_support.hpp"

namespace test {

// The DOM after the page's scripts ran for `budget_ms` of virtual time, and
// the browser's log.
inline Run load_in_chromium(const std::string& file, int budget_ms = 10000) {
  const Run which = run_shell("command -v chromium");
  INFO("headless Chromium is needed: scripts/test installs it (Debian package chromium)");
  REQUIRE(which.exit_code == 0);
  return run_shell(
      "chromium --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --enable-logging=stderr --v=0 "
      "--virtual-time-budget=" +
      std::to_string(budget_ms) + " --dump-dom 'file://" + std::filesystem::absolute(file).string() + "'");
}

}  // namespace test
