// report.html: the page carries the run's data and the chart library, and
// bad folders are located errors.

#include <catch2/catch.hpp>
#include <filesystem>

#include "io/html_report.hpp"
#include "io/json.hpp"
#include "support/error.hpp"
#include "test_support.hpp"

using namespace evalsynth;
using Catch::Matchers::Contains;

namespace {

// The JSON the page carries, read back.
Json page_data(const std::string& page) {
  const std::string open = "<script id=\"report-data\" type=\"application/json\">";
  const auto begin = page.find(open);
  REQUIRE(begin != std::string::npos);
  const auto end = page.find("</script>", begin);
  std::string json = page.substr(begin + open.size(), end - begin - open.size());
  for (std::size_t at = 0; (at = json.find("<\\/", at)) != std::string::npos;) json.replace(at, 3, "</");
  return Json::parse(json);
}

}  // namespace

TEST_CASE("report: a results folder's data, the chart library and the page script in one file", "[report]") {
  const std::string folder = std::string(test::kSourceDir) + "/results/strong";
  const std::string page = html_report(folder);
  CHECK(page.starts_with("<!DOCTYPE html>"));
  CHECK_THAT(page, Contains("Chart.js v4.5.0"));
  CHECK_THAT(page, Contains("new Chart(canvas"));
  // Nothing is loaded from elsewhere: the page opens offline.
  CHECK(page.find("src=\"http") == std::string::npos);
  CHECK(page.find("<link") == std::string::npos);
  const Json data = page_data(page);
  const Json summary = Json::parse(test::read_file(folder + "/summary.json"));
  CHECK(data["summary"] == summary);
  CHECK(data["log_csv"] == test::read_file(folder + "/log.csv"));
  CHECK(data["match_csv"] == test::read_file(folder + "/match.csv"));
  CHECK(data["strength_csv"].size() == 3);
  CHECK(data["strength_csv"].contains("best"));
  CHECK(data["spec_text"] == test::read_file(folder + "/spec.spec"));
}

TEST_CASE("report: a learning run's page carries its summary and curve", "[report]") {
  const std::string folder = std::string(test::kSourceDir) + "/results/ntuple";
  const Json data = page_data(html_report(folder));
  CHECK(data["title"] == "evalsynth learn ntuple");
  CHECK(data["summary"].is_null());
  CHECK(data["learn_summary"] == Json::parse(test::read_file(folder + "/summary.json")));
  CHECK(data["curve_csv"] == test::read_file(folder + "/curve.csv"));
}

TEST_CASE("report: text that would close the script element stays inside it", "[report]") {
  const test::ScratchFolder dir("report-script");
  std::filesystem::copy(std::string(test::kSourceDir) + "/results/strong/summary.json", dir / "summary.json");
  std::filesystem::copy(std::string(test::kSourceDir) + "/results/strong/log.csv", dir / "log.csv");
  test::write_file(dir / "spec.spec", "name = x # </script><script>alert(1)</script>\n");
  const std::string page = html_report(dir.path.string());
  CHECK(page.find("alert(1)</script>") == std::string::npos);
  CHECK(page_data(page)["spec_text"] == "name = x # </script><script>alert(1)</script>\n");
  CHECK(page_data(page)["match_csv"].is_null());
}

TEST_CASE("report: folders that are not a run's results are located errors", "[report][errors]") {
  const test::ScratchFolder dir("report-errors");
  auto error = [&] {
    try {
      html_report(dir.path.string());
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("(no error)");
  };
  CHECK_THAT(error(), Contains("summary.json") && Contains("cannot open"));
  test::write_file(dir / "summary.json", "{\"run\": \"ntuple\", \"learner\": \"ntuple\"}");
  CHECK_THAT(error(), Contains("curve.csv") && Contains("cannot open"));
  test::write_file(dir / "summary.json", "{\"run\": \"x\"}");
  CHECK_THAT(error(), Contains("summary.json:1:1") && Contains("not the summary.json of an evalsynth run"));
  test::write_file(dir / "summary.json", "{not json");
  CHECK_THAT(error(), Contains("not the summary.json"));
  std::filesystem::copy(std::string(test::kSourceDir) + "/results/strong/summary.json", dir / "summary.json",
                        std::filesystem::copy_options::overwrite_existing);
  CHECK_THAT(error(), Contains("log.csv"));
  const test::Run r = test::run_evalsynth("report " + dir / "nowhere");
  CHECK(r.exit_code != 0);
  CHECK_THAT(r.output, Contains("nowhere:1:1") && Contains("no such results folder"));
}
