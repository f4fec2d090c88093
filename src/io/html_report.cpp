#include "io/html_report.hpp"

#include <filesystem>

#include "io/json.hpp"
#include "io/report_assets.hpp"
#include "support/error.hpp"
#include "support/files.hpp"
#include "support/html_page.hpp"

namespace evalsynth {
namespace {

namespace fs = std::filesystem;

// JSON inside <script>: "</" would end the element early.
std::string script_safe(std::string text) {
  for (std::size_t at = 0; (at = text.find("</", at)) != std::string::npos; at += 3) text.replace(at, 2, "<\\/");
  return text;
}

std::string optional_text(const std::string& path, const std::string& what) {
  std::error_code ignored;
  return fs::is_regular_file(path, ignored) ? read_text_file(path, what) : std::string();
}

}  // namespace

std::string html_report(const std::string& folder) {
  const std::string summary_path = folder + "/summary.json";
  ReportInputs in;
  in.summary = Json::parse(read_text_file(summary_path, "summary"), nullptr, false);
  if (in.summary.is_object() && in.summary.contains("learner") && in.summary.contains("run")) {
    in.learn_summary = std::move(in.summary);
    in.summary = Json();
    in.title =
        "evalsynth learn " + (in.learn_summary["run"].is_string() ? in.learn_summary["run"].get<std::string>() : "?");
    in.curve_csv = read_text_file(folder + "/curve.csv", "learning curve");
    in.spec_text = optional_text(folder + "/spec.spec", "spec");
    return html_page(in);
  }
  if (in.summary.is_discarded() || !in.summary.is_object() || !in.summary.contains("answer") ||
      !in.summary.contains("baselines") || !in.summary.contains("run"))
    throw InputError(TextLocation{summary_path, 1, 1}, "not the summary.json of an evalsynth run or learning run");
  in.title = "evalsynth run " + (in.summary["run"].is_string() ? in.summary["run"].get<std::string>() : "?");
  in.log_csv = read_text_file(folder + "/log.csv", "log");
  in.spec_text = optional_text(folder + "/spec.spec", "spec");
  in.match_csv = optional_text(folder + "/match.csv", "match table");
  std::vector<fs::path> files;
  std::error_code ignored;
  for (const auto& entry : fs::directory_iterator(folder, ignored))
    if (entry.path().filename().string().starts_with("strength-") && entry.path().extension() == ".csv")
      files.push_back(entry.path());
  for (const fs::path& f : files)
    in.strength_csv[f.stem().string().substr(9)] = read_text_file(f.string(), "strength table");
  return html_page(in);
}

std::string html_page(const ReportInputs& in) {
  Json data;
  data["title"] = in.title;
  data["summary"] = in.summary;
  data["learn_summary"] = in.learn_summary;
  data["curve_csv"] = in.curve_csv;
  data["log_csv"] = in.log_csv;
  data["spec_text"] = in.spec_text;
  data["match_csv"] = in.match_csv.empty() ? Json() : Json(in.match_csv);
  Json strength = Json::object();
  for (const auto& [name, text] : in.strength_csv) strength[name] = text;  // std::map: a fixed order
  data["strength_csv"] = strength;
  data["reliability_csv"] = in.reliability_csv.empty() ? Json() : Json(in.reliability_csv);
  data["experiment_csv"] = in.experiment_csv.empty() ? Json() : Json(in.experiment_csv);

  std::string page = html_page_opening("evalsynth report", "evalsynth report", report_assets::kReportStyle);
  page += "<main id=\"report\"></main>\n";
  page += "<p class=\"note\">Written by <code>evalsynth</code>; charts by Chart.js 4.5.0 (MIT License).</p>\n";
  page += "<script id=\"report-data\" type=\"application/json\">";
  page += script_safe(data.dump());
  page += "</script>\n<script>\n";
  page += report_assets::kChart;
  page += "\n</script>\n<script>\n";
  page += report_assets::kReportPage;
  page += "</script>\n</body>\n</html>\n";
  return page;
}

void write_html_report(const std::string& folder, const std::string& output) {
  write_file_atomically(output.empty() ? folder + "/report.html" : output, html_report(folder));
}

}  // namespace evalsynth
