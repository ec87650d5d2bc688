// The HTML report in a real browser: Debian's headless Chromium loads the page with no console
// error, lays out every chart with a non-zero size, and takes a screenshot kept as a test
// artifact ($HOSTMARK_TEST_ARTIFACTS, else test-artifacts/ beside the built hostmark). Skipped
// with the reason when chromium is not installed, unless HOSTMARK_REQUIRE_CHROMIUM=1 (CI).
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "output/html_report.h"
#include "report_sample.h"
#include "run_binary.h"
#include "scratch_dir.h"

namespace hostmark {
namespace {

constexpr const char* kChromium = "/usr/bin/chromium";

std::string env_value(const char* name) {
  const char* v = std::getenv(name);
  return v == nullptr ? "" : v;
}

std::string artifact_dir() {
  std::string dir = env_value("HOSTMARK_TEST_ARTIFACTS");
  if (dir.empty()) dir = std::filesystem::path(HOSTMARK_BINARY).parent_path() / "test-artifacts";
  std::filesystem::create_directories(dir);
  return dir;
}

void write_text(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
}

// Chromium's own log lines for a script error or a console.error() in the page.
bool has_console_error(const std::string& log) {
  return log.find("Uncaught") != std::string::npos ||
         std::regex_search(log, std::regex(R"(ERROR:[^\n]*CONSOLE)"));
}

class ReportChromium : public ::testing::Test {
 protected:
  void SetUp() override {
    if (access(kChromium, X_OK) != 0) {
      if (env_value("HOSTMARK_REQUIRE_CHROMIUM") == "1")
        GTEST_FAIL() << kChromium << " missing (HOSTMARK_REQUIRE_CHROMIUM=1): "
                     << "scripts/setup-debian.sh installs Debian's chromium package";
      GTEST_SKIP() << kChromium << " not installed (Debian package chromium): report not "
                   << "checked in a browser";
    }
    ASSERT_FALSE(dir_.path().empty());
    ASSERT_FALSE(profile_.path().empty());
  }

  // Runs headless Chromium on `page` with a throwaway profile (removed by ScratchDir).
  RunOutput chromium(const std::string& page, const std::vector<std::string>& extra) {
    std::vector<std::string> args = {"--headless",     "--no-sandbox",
                                     "--disable-gpu",  "--enable-logging=stderr",
                                     "--v=0",          "--user-data-dir=" + profile_.path(),
                                     "--no-first-run", "--disable-extensions"};
    args.insert(args.end(), extra.begin(), extra.end());
    args.push_back("file://" + page);
    return run_program(kChromium, args, RunOptions{"", 120'000, {}});
  }

  ScratchDir dir_{"/tmp"};
  ScratchDir profile_{"/tmp"};
};

std::string sample_report() {
  ReportEntry a{"file /tmp/a.json", report_sample_result(), {}, {}};
  a.figures = {{"cpu.k", "CPU: single thread", 1000, "events/s", true}};
  static const ReferenceMachine ref{
      "r", "Server <2>", "", "", {{"cpu.k", "CPU: single thread", 1500, "events/s", true}}};
  a.references = {&ref};
  ReportEntry b = a;
  b.result.context.hostname = "second";
  b.figures = {{"cpu.k", "CPU: single thread", 1200, "events/s", true}};
  std::ostringstream out;
  write_html_report({{a, b}, "2026-12-03T10:00:00Z", "0.1.0"}, out);
  return out.str();
}

TEST_F(ReportChromium, LogCheckSeesAScriptError) {
  // The console check below means something only if this Chromium logs page errors.
  const std::string page = dir_.file("broken.html");
  write_text(page, "<!DOCTYPE html><html><body><script>no_such_function();</script></body></html>");
  const RunOutput r = chromium(page, {"--dump-dom"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(has_console_error(r.err)) << r.err;
}

TEST_F(ReportChromium, LoadsWithoutErrorsAndEveryChartHasASize) {
  const std::string html = sample_report();
  const int charts = count_occurrences(html, "<svg class=\"chart\"");
  ASSERT_GE(charts, 12);
  // The sample has time series and a histogram: their charts are among those sized below.
  for (const char* title :
       {">IOPS over time: ", ">bandwidth over time: ", ">rate over time: ", ">Latency histogram: "})
    ASSERT_NE(html.find(title), std::string::npos) << title;
  // A copy with a probe script that writes each chart's laid-out size into the DOM (the report
  // itself has no script).
  const std::string probe =
      "<script>for (const s of document.querySelectorAll('svg.chart')) {"
      " const r = s.getBoundingClientRect();"
      " s.setAttribute('data-size', Math.round(r.width) + 'x' + Math.round(r.height)); }"
      "</script></body>";
  std::string probed = html;
  probed.replace(probed.rfind("</body>"), 7, probe);
  const std::string page = dir_.file("probed.html");
  write_text(page, probed);

  const RunOutput r = chromium(page, {"--dump-dom"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_FALSE(has_console_error(r.err)) << r.err;
  const std::regex size_re("data-size=\"(\\d+)x(\\d+)\"");
  int sized = 0;
  for (std::sregex_iterator it(r.out.begin(), r.out.end(), size_re), end; it != end; ++it) {
    ++sized;
    EXPECT_GT(std::stoi((*it)[1]), 100) << it->str();
    EXPECT_GT(std::stoi((*it)[2]), 100) << it->str();
  }
  EXPECT_EQ(sized, charts) << r.out.substr(0, 2000);
}

TEST_F(ReportChromium, ScreenshotIsKeptAsAnArtifact) {
  const std::string page = dir_.file("report.html");
  write_text(page, sample_report());
  const std::string shot = artifact_dir() + "/report_chromium.png";
  std::filesystem::remove(shot);
  const RunOutput r =
      chromium(page, {"--screenshot=" + shot, "--window-size=1280,2000", "--hide-scrollbars"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_FALSE(has_console_error(r.err)) << r.err;
  const std::string png = read_whole_file(shot);
  ASSERT_GT(png.size(), 10'000u) << shot;
  EXPECT_EQ(png.substr(0, 8), "\x89PNG\r\n\x1a\n");
  std::cout << "report screenshot: " << shot << "\n";
}

}  // namespace
}  // namespace hostmark
