// fio's command line: the seed command lines, --name scoping, job files, run-only options,
// getopt_long_only's spellings, and errors. Where cheap, a case is checked against fio itself.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <sstream>

#include "fio/job_parser.h"
#include "fio_test_env.h"

namespace hostmark::fio {
namespace {

using testing::error_of;
using testing::FakeMachine;

std::vector<std::string> words(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

Expected<ParsedJobs> parse_line(const std::string& line, const FakeMachine& m = {}) {
  return parse_fio_command_line(words(line), m.env());
}

ParsedJobs parsed_ok(const std::string& line, const FakeMachine& m = {}) {
  auto p = parse_line(line, m);
  if (!p.ok()) ADD_FAILURE() << line << ": " << p.error().message();
  return p.ok() ? p.value() : ParsedJobs{};
}

TEST(FioCommandLine, Seed1) {
  ParsedJobs p = parsed_ok("--filename=fio_test --size=1G --rw=randrw --bs=4k --name=fio_test");
  ASSERT_EQ(p.jobs.size(), 1u);
  const JobOptions& j = p.jobs[0];
  EXPECT_EQ(j.name, "fio_test");
  EXPECT_EQ(j.defined_at, "command line");
  EXPECT_EQ(j.filenames, (std::vector<std::string>{"fio_test"}));
  EXPECT_EQ(j.size, 1ull << 30);
  EXPECT_EQ(j.rw, (RwMode{true, true, false, true, 1}));
  EXPECT_EQ(j.bs, (PerDir<std::uint32_t>{4096, 4096, 4096}));
  EXPECT_EQ(j.ioengine, "psync");
  EXPECT_EQ(j.numjobs, 1);
  // Options before --name are global (fio's "global options"); the job inherits them.
  using Given = std::vector<std::pair<std::string, std::string>>;
  EXPECT_EQ(p.global_given,
            (Given{{"filename", "fio_test"}, {"size", "1G"}, {"rw", "randrw"}, {"bs", "4k"}}));
  EXPECT_EQ(j.given, (Given{{"name", "fio_test"}}));
  EXPECT_EQ(p.run.output_format, "normal");
}

TEST(FioCommandLine, Seed2) {
  ParsedJobs p = parsed_ok(
      "--filename=fio_test --size=1G --rw=randrw --bs=4k --iodepth=32 --numjobs=16 --thread "
      "--group_reporting "
      "--name=fio_test");
  ASSERT_EQ(p.jobs.size(), 1u);
  const JobOptions& j = p.jobs[0];
  EXPECT_EQ(j.iodepth, 32u);
  EXPECT_EQ(j.numjobs, 16);
  EXPECT_TRUE(j.thread);
  EXPECT_TRUE(j.group_reporting);
  EXPECT_EQ(j.size, 1ull << 30);
  EXPECT_TRUE(j.rw.random && j.rw.read && j.rw.write);
}

TEST(FioCommandLine, Seed3) {
  ParsedJobs p = parsed_ok(
      "--filename=testfile-rand-4g --size=4G --direct=1 --rw=randwrite --bs=4k --ioengine=libaio "
      "--numjobs=10 "
      "--iodepth=32 --name=rand-write-test --group_reporting --ramp_time=4 --time_based "
      "--runtime=300");
  ASSERT_EQ(p.jobs.size(), 1u);
  const JobOptions& j = p.jobs[0];
  EXPECT_EQ(j.name, "rand-write-test");
  EXPECT_EQ(j.filenames, (std::vector<std::string>{"testfile-rand-4g"}));
  EXPECT_EQ(j.size, 4ull << 30);
  EXPECT_TRUE(j.direct);
  EXPECT_EQ(j.rw, (RwMode{false, true, false, true, 1}));
  EXPECT_EQ(j.ioengine, "libaio");
  EXPECT_EQ(j.numjobs, 10);
  EXPECT_EQ(j.iodepth, 32u);
  EXPECT_TRUE(j.group_reporting);
  EXPECT_EQ(j.ramp_time_ns, 4'000'000'000u);
  EXPECT_TRUE(j.time_based);
  EXPECT_EQ(j.runtime_ns, 300'000'000'000u);
  using Given = std::vector<std::pair<std::string, std::string>>;
  EXPECT_EQ(j.given, (Given{{"name", "rand-write-test"},
                            {"group_reporting", ""},
                            {"ramp_time", "4"},
                            {"time_based", ""},
                            {"runtime", "300"}}));
}

TEST(FioCommandLine, Seed4) {
  ParsedJobs p = parsed_ok(
      "--filename=testfile-rand-4g --direct=1 --rw=randread --bs=4k --ioengine=libaio --numjobs=4 "
      "--iodepth=32 "
      "--name=rand-read-test --group_reporting --readonly --ramp_time=4");
  ASSERT_EQ(p.jobs.size(), 1u);
  const JobOptions& j = p.jobs[0];
  EXPECT_TRUE(p.run.readonly);  // --readonly is fio's command-line-only option
  EXPECT_TRUE(j.readonly);      // and hostmark marks every job with it
  EXPECT_EQ(j.rw, (RwMode{true, false, false, true, 1}));
  EXPECT_EQ(j.size, 0u);  // the file's size
  EXPECT_EQ(j.numjobs, 4);
  EXPECT_EQ(j.ramp_time_ns, 4'000'000'000u);
  EXPECT_FALSE(j.time_based);
}

TEST(FioCommandLine, NameScopesLaterOptionsAndJobsCopyTheGlobalState) {
  ParsedJobs p = parsed_ok(
      "--bs=8k --name=a --iodepth=4 --rw=write --name=b --name=global --size=1m --name=c");
  ASSERT_EQ(p.jobs.size(), 3u);
  EXPECT_EQ(p.jobs[0].iodepth, 4u);
  EXPECT_EQ(p.jobs[0].bs[0], 8192u);
  EXPECT_EQ(p.jobs[1].iodepth, 1u);  // not a's
  EXPECT_TRUE(p.jobs[1].rw.read);
  EXPECT_EQ(p.jobs[1].size, 0u);
  EXPECT_EQ(p.jobs[2].size, 1u << 20);  // --name=global went back to the global state
  EXPECT_EQ(p.jobs[2].bs[0], 8192u);
}

TEST(FioCommandLine, Spellings) {
  EXPECT_EQ(parsed_ok("--bs 16k --name x").jobs.at(0).bs[0], 16384u);  // separate value
  EXPECT_EQ(parsed_ok("-bs=16k -name=x").jobs.at(0).bs[0], 16384u);  // one dash (getopt_long_only)
  EXPECT_EQ(parsed_ok("--name=x --runt=10").jobs.at(0).runtime_ns,
            10'000'000'000u);  // unique prefix
  EXPECT_EQ(parsed_ok("--name=x --readwrite=randread").jobs.at(0).rw.random, true);  // alias
  EXPECT_EQ(parsed_ok("--name=x --thread=0").jobs.at(0).thread, false);
  EXPECT_NE(error_of(parse_line("--name=x --iodepth_b=2")).find("--iodepth_b: ambiguous option"),
            std::string::npos);
  EXPECT_EQ(error_of(parse_line("--name=x --direct")), "--direct: needs a value");
  // "--direct --rw=read": like fio, the next word is direct's value.
  EXPECT_EQ(error_of(parse_line("--name=x --direct --rw=read")),
            "--direct: '--rw=read' is not a boolean (0 or 1)");
  // A flag takes no separate value: "1" is a job file, as in fio.
  EXPECT_EQ(error_of(parse_line("--name=x --thread 1")), "1: No such file or directory");
  EXPECT_EQ(error_of(parse_line("--name=x --ramp-time=10")), "--ramp-time: unknown option");
}

TEST(FioCommandLine, ErrorsNameTheOption) {
  EXPECT_EQ(error_of(parse_line("--name=x --zonemode=zbd")),
            "--zonemode: not implemented by hostmark (zoned block devices (zonemode) are not "
            "supported)");
  EXPECT_EQ(error_of(parse_line("--name=x --foo=1")), "--foo: unknown option");
  EXPECT_EQ(error_of(parse_line("--bs=4q --name=x")), "--bs: '4q' is not a size");
  EXPECT_EQ(error_of(parse_line("--name=x --rwmixread=150")),
            "--rwmixread: 150 is not a percentage");
  EXPECT_EQ(error_of(parse_line("--name=x --iodepth=0")), "--iodepth: must be at least 1");
  EXPECT_EQ(error_of(parse_line("--debug=io --name=x")),
            "--debug: not implemented by hostmark (fio's debug tracing is not supported)");
  EXPECT_EQ(error_of(parse_line("--bs=4k")),
            "fio: no jobs defined (give --name=NAME or a job file)");
  EXPECT_EQ(error_of(parse_line("--name=x --readonly=1")), "--readonly: takes no value");
}

TEST(FioCommandLine, RunOptions) {
  ParsedJobs p = parsed_ok(
      "--output-format=json,normal --output=out.json --parse-only --eta=never --status-interval=5 "
      "--terse-version=4 --destructive --name=x");
  EXPECT_EQ(p.run.output_format, "json,normal");
  EXPECT_EQ(p.run.output_path, "out.json");
  EXPECT_TRUE(p.run.parse_only);
  EXPECT_EQ(p.run.eta, "never");
  EXPECT_EQ(p.run.status_interval_ns, 5'000'000'000u);
  EXPECT_EQ(p.run.terse_version, 4);
  EXPECT_TRUE(p.run.destructive);
  EXPECT_EQ(p.run.action, RunAction::kRun);
  EXPECT_EQ(parsed_ok("--minimal --name=x").run.output_format, "terse");
  EXPECT_EQ(parsed_ok("--output-format=json+ --name=x").run.output_format, "json+");
  EXPECT_EQ(error_of(parse_line("--output-format=xml --name=x")),
            "--output-format: 'xml' is not one of normal, json, json+, terse");
  EXPECT_EQ(error_of(parse_line("--eta=sometimes --name=x")),
            "--eta: 'sometimes' is not one of auto, always, never");
  EXPECT_EQ(error_of(parse_line("--terse-version=9 --name=x")),
            "--terse-version: '9' is not 2, 3, 4 or 5");
}

TEST(FioCommandLine, Actions) {
  EXPECT_EQ(parsed_ok("--version").run.action, RunAction::kVersion);
  EXPECT_EQ(parsed_ok("--help").run.action, RunAction::kHelp);
  EXPECT_EQ(parse_fio_command_line({}, FakeMachine{}.env()).value().run.action, RunAction::kHelp);
  ParsedJobs p = parsed_ok("--cmdhelp=bs");
  EXPECT_EQ(p.run.action, RunAction::kCmdHelp);
  EXPECT_EQ(p.run.help_topic, "bs");
  EXPECT_EQ(parsed_ok("--cmdhelp").run.help_topic, "");
  p = parsed_ok("--enghelp=io_uring");
  EXPECT_EQ(p.run.action, RunAction::kEngHelp);
  EXPECT_EQ(p.run.help_topic, "io_uring");
}

TEST(FioCommandLine, JobFilesTakeTheCommandLinesGlobalsAndAreSeparatedByStonewalls) {
  FakeMachine m;
  m.files["one.fio"] = "[global]\nbs=8k\n[a]\nrw=read\n[b]\nrw=write\n";
  m.files["two.fio"] = "[c]\nrw=randread\n";
  ParsedJobs p = parsed_ok("one.fio --iodepth=3 two.fio --name=cmd --size=1m", m);
  ASSERT_EQ(p.jobs.size(), 4u);
  EXPECT_EQ(p.jobs[0].name, "cmd");  // command-line jobs first, then the files, as fio
  EXPECT_EQ(p.jobs[1].name, "a");
  EXPECT_EQ(p.jobs[1].defined_at, "one.fio:3");
  EXPECT_EQ(p.jobs[1].iodepth, 3u);
  EXPECT_EQ(p.jobs[1].size, 0u);  // cmd's own option stays with cmd
  EXPECT_EQ(p.jobs[1].bs[0], 8192u);
  EXPECT_FALSE(p.jobs[1].stonewall);
  EXPECT_FALSE(p.jobs[2].stonewall);
  EXPECT_EQ(p.jobs[3].name, "c");
  EXPECT_EQ(p.jobs[3].bs[0], 4096u);  // one.fio's [global] ends with one.fio
  EXPECT_EQ(p.jobs[3].iodepth, 3u);
  EXPECT_TRUE(p.jobs[3].stonewall);  // the second file starts a new group
  EXPECT_EQ(error_of(parse_line("missing.fio", m)), "missing.fio: No such file or directory");
}

TEST(FioCommandLine, SectionFilter) {
  FakeMachine m;
  m.files["s.fio"] = "[global]\nbs=8k\n[a]\n[b]\nbogus_option=1\n[c]\n";
  ParsedJobs p = parsed_ok("s.fio --section=a --section c", m);
  ASSERT_EQ(p.jobs.size(), 2u);
  EXPECT_EQ(p.jobs[0].name, "a");
  EXPECT_EQ(p.jobs[1].name, "c");
  EXPECT_EQ(p.jobs[1].bs[0], 8192u);
  EXPECT_EQ(p.run.sections, (std::vector<std::string>{"a", "c"}));
  p = parsed_ok("--section=y --name=x --bs=1k --name=y", m);
  ASSERT_EQ(p.jobs.size(), 1u);
  EXPECT_EQ(p.jobs[0].name, "y");
  EXPECT_EQ(p.jobs[0].bs[0], 4096u);
}

TEST(FioCommandLine, KbBaseOnTheCommandLineIsReadInOrder) {
  ParsedJobs p = parsed_ok("--kb_base=1000 --name=x --size=1k");
  EXPECT_EQ(p.jobs.at(0).size, 1000u);
  EXPECT_EQ(p.run.kb_base, 1000u);
}

// The same command lines through the real fio (--parse-only): where fio accepts, so do we; where
// fio refuses, so do we. Skipped without fio.
TEST(FioCommandLine, AgreesWithRealFioOnAcceptance) {
  if (std::system("fio --version >/dev/null 2>&1") != 0) GTEST_SKIP() << "fio is not installed";
  const std::vector<std::pair<std::string, bool>> cases{
      {"--filename=fio_test --size=1G --rw=randrw --bs=4k --name=fio_test", true},
      {"--name=x --bs 4k", true},
      {"--name=x --readwrite=randread", true},
      {"--name=x --runt=10", true},
      {"--name=x --rw=randread:8", true},
      {"--name=x --bs=4k,64k,", true},
      {"--name=x --percentile_list=50:99.9", true},
      {"--name=x --verify=crc32c-intel", true},
      {"--name=x --kb_base=1000 --size=1KiB", true},
      {"--name=x --ramp-time=10", false},
      {"--name=x --foo=1", false},
      {"--name=x --rwmixread=150", false},
      {"--name=x --iodepth=0", false},
      {"--name=x --direct", false},
      {"--name=x --direct=2", false},
      {"--name=x --kb_base=999", false},
      {"--name=x --iodepth_b=2", false},
  };
  for (const auto& [line, accepted] : cases) {
    std::string command = "fio --parse-only " + line + " >/dev/null 2>&1";
    bool fio_ok =
        std::system(command.c_str()) == 0;  // NOLINT(cert-env33-c): a test against the peer
    EXPECT_EQ(fio_ok, accepted) << "fio on: " << line;
    EXPECT_EQ(parse_line(line).ok(), accepted)
        << "hostmark on: " << line << ": " << error_of(parse_line(line));
  }
}

}  // namespace
}  // namespace hostmark::fio
