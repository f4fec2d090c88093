// report.html in a real browser: headless Chromium (Debian's `chromium`,
// installed by scripts/test) loads the page from disk; the page must raise no
// script error and every chart must have pixels on its canvas.

#include <catch2/catch.hpp>

#include "browser/chromium.hpp"
#include "io/html_report.hpp"
#include "test_paths.hpp"

using Catch::Matchers::Contains;

using test::load_in_chromium;

TEST_CASE("report.html in headless Chromium: no script errors, every chart drawn", "[browser][report]") {
  const test::ScratchFolder dir("browser-report");
  evalsynth::write_html_report(std::string(test::kSourceDir) + "/results/strong", dir / "report.html");
  const test::Run r = load_in_chromium(dir / "report.html");
  REQUIRE(r.exit_code == 0);
  INFO(r.output.substr(0, 2000));
  // Six curves over the run and the mistakes by depth.
  CHECK_THAT(r.output, Contains("data-charts=\"7/7\""));
  CHECK(r.output.find("data-errors") == std::string::npos);
  CHECK(r.output.find("Uncaught") == std::string::npos);
  CHECK_THAT(r.output, Contains("<table class=\"heat\">"));
  CHECK_THAT(r.output, Contains("Run strong"));
}

TEST_CASE("match --html and strength --html pages in headless Chromium", "[browser][report]") {
  const test::ScratchFolder dir("browser-tables");
  REQUIRE(test::run_evalsynth("match --x ibef@1-2 --o adate@1-2 --games 20 --html " + dir / "m.html").exit_code == 0);
  REQUIRE(test::run_evalsynth("strength ibef --depth 1-3 --positions " + std::string(test::kSourceDir) +
                              "/tests/data/late.analysis --html " + dir / "s.html")
              .exit_code == 0);
  const test::Run m = load_in_chromium(dir / "m.html");
  INFO(m.output.substr(0, 2000));
  CHECK_THAT(m.output, Contains("evalsynth match: ibef@1-2 against adate@1-2") && Contains("<table class=\"heat\">"));
  CHECK_THAT(m.output, Contains("IBEF2"));
  CHECK(m.output.find("data-errors") == std::string::npos);
  const test::Run s = load_in_chromium(dir / "s.html");
  CHECK_THAT(s.output, Contains("data-charts=\"1/1\""));
  CHECK(s.output.find("data-errors") == std::string::npos);
}

TEST_CASE("an experiment's page in headless Chromium: both measures drawn, or the one there is",
          "[browser][report][experiment]") {
  const test::ScratchFolder dir("browser-experiment");
  evalsynth::ReportInputs page;
  page.title = "evalsynth experiment";
  page.experiment_csv =
      "spec,seed,validation_score,mistake_rate,positions\none,1,320,0.0615,130\none,2,315,0.07,130\n"
      "isl,1,318.5,0.05,130\nisl,2,321,0.0615,130\n";
  test::write_file(dir / "e.html", evalsynth::html_page(page));
  const test::Run r = load_in_chromium(dir / "e.html");
  INFO(r.output.substr(0, 2000));
  CHECK_THAT(r.output, Contains("data-charts=\"2/2\"") && Contains("Answers by spec, one point per seed"));
  CHECK(r.output.find("data-errors") == std::string::npos);
  // A game beyond the solver's reach: no mistake rates, one chart, not a row of zeros.
  page.experiment_csv = "spec,seed,validation_score,mistake_rate,positions\nc6,1,320,,0\nc6,2,315,,0\n";
  test::write_file(dir / "v.html", evalsynth::html_page(page));
  const test::Run v = load_in_chromium(dir / "v.html");
  CHECK_THAT(v.output, Contains("data-charts=\"1/1\""));
  CHECK(v.output.find("data-errors") == std::string::npos);
}

TEST_CASE("a learning run's report in headless Chromium", "[browser][report]") {
  const test::ScratchFolder dir("browser-learn");
  evalsynth::write_html_report(std::string(test::kSourceDir) + "/results/ntuple", dir / "report.html");
  const test::Run r = load_in_chromium(dir / "report.html");
  INFO(r.output.substr(0, 2000));
  CHECK_THAT(r.output, Contains("Learning run ntuple") && Contains("data-charts=\"3/3\""));
  CHECK(r.output.find("data-errors") == std::string::npos);
}

TEST_CASE("a regression-alone learning run's report in headless Chromium: rounds, no games", "[browser][report]") {
  const test::ScratchFolder dir("browser-regression");
  const std::string positions = std::string(test::kSourceDir) + "/tests/data/late.analysis";
  test::write_file(dir / "r.spec",
                   "name = r\nlearner = ntuple\ngames = 200\ntuples = 4\ntuple-length = 4\n"
                   "play-games = off\nlabelled-positions = " +
                       positions + "\noutput = " + dir / "results" + "\ncheckpoints = " + dir / "population" + "\n");
  REQUIRE(test::run_evalsynth("learn " + dir / "r.spec").exit_code == 0);
  const test::Run r = load_in_chromium(dir / "results/r/report.html");
  INFO(r.output.substr(0, 2000));
  // The learning rate alone: no results of games, no exploration.
  CHECK_THAT(r.output, Contains("Learning run r") && Contains("data-charts=\"1/1\""));
  CHECK_THAT(r.output, Contains("<span>rounds per second</span>") && Contains("labelled positions a round"));
  CHECK(r.output.find("<span>games per second</span>") == std::string::npos);
  CHECK(r.output.find("<span>opponents</span>") == std::string::npos);
  CHECK(r.output.find("data-errors") == std::string::npos);
}

TEST_CASE("another game's run report in headless Chromium: its references, its game", "[browser][report][games]") {
  const test::ScratchFolder dir("browser-game-report");
  evalsynth::write_html_report(std::string(test::kSourceDir) + "/results/adjacent4", dir / "report.html");
  const test::Run r = load_in_chromium(dir / "report.html");
  REQUIRE(r.exit_code == 0);
  INFO(r.output.substr(0, 2000));
  CHECK(r.output.find("data-errors") == std::string::npos);
  CHECK_THAT(r.output, Contains("Run adjacent4") && Contains("adjacent4(8,6)"));
  CHECK_THAT(r.output, Contains("open-lines 364") && Contains("decision-tree 602.5"));
  CHECK_THAT(r.output, Contains("data-charts=\"6/6\""));
}
