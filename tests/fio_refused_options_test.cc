// The fio options hostmark refuses: each is named with its reason, none is also implemented,
// and, against the real fio 3.33 (skipped when /usr/bin/fio is absent), every option fio knows
// for the engines hostmark has is either implemented or refused, never "unknown option".
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <set>
#include <string>

#include "engines/io_engine.h"
#include "fio/option_table.h"
#include "fio/refused_options.h"
#include "fio/run_options_table.h"
#include "real_fio.h"
#include "run_binary.h"

namespace hostmark::fio {
namespace {

bool sorted_and_unique(std::span<const RefusedOption> list) {
  return std::ranges::adjacent_find(list, [](const RefusedOption& a, const RefusedOption& b) {
           return !(a.name < b.name);
         }) == list.end();
}

TEST(FioRefusedOptions, SortedWithAReasonAndNotAlsoImplemented) {
  EXPECT_TRUE(sorted_and_unique(refused_options()));
  EXPECT_TRUE(sorted_and_unique(unimplemented_run_options()));
  for (const RefusedOption& r : refused_options()) {
    EXPECT_EQ(find_option(r.name), nullptr) << r.name << " is both implemented and refused";
    EXPECT_EQ(find_refused_option(r.name), &r) << r.name;
    EXPECT_FALSE(r.why.empty()) << r.name;
    EXPECT_NE(r.why.back(), '.') << r.name << ": a reason is a phrase inside parentheses";
  }
  for (const RefusedOption& r : unimplemented_run_options()) {
    EXPECT_EQ(find_run_option(r.name), nullptr) << r.name;
    EXPECT_FALSE(r.why.empty()) << r.name;
  }
  EXPECT_EQ(find_refused_option("bs"), nullptr);
  EXPECT_EQ(find_refused_option("no_such_option"), nullptr);
}

TEST(FioRefusedOptions, TheErrorNamesTheReasonOnTheCommandLineAndInAJobFile) {
  RunOutput cli = run_hostmark({"fio", "--name=x", "--zonemode=zbd"});
  EXPECT_EQ(cli.exit_code, 2);
  EXPECT_EQ(cli.err,
            "hostmark: --zonemode: not implemented by hostmark (zoned block devices (zonemode) "
            "are not supported)\n");
  RunOutput run_option = run_hostmark({"fio", "--client=localhost"});
  EXPECT_EQ(run_option.err,
            "hostmark: --client: not implemented by hostmark (fio's client/server mode is not "
            "supported)\n");
  RunOutput help = run_hostmark({"fio", "--cmdhelp=zonemode"});
  EXPECT_NE(help.exit_code, 0);
  EXPECT_EQ(help.err,
            "hostmark: --cmdhelp: 'zonemode' is not implemented by hostmark (zoned block devices "
            "(zonemode) are not supported)\n");
  EXPECT_EQ(run_hostmark({"fio", "--cmdhelp=nosuch"}).err,
            "hostmark: --cmdhelp: 'nosuch' is not a fio option\n");
}

// The option names of `fio --cmdhelp=all` or `fio --enghelp=ENGINE`: "name   : help" lines,
// child options indented.
std::set<std::string> fio_option_names(const std::vector<std::string>& args) {
  RunOutput r = run_program(::hostmark::testing::kRealFioBinary, args);
  std::set<std::string> names;
  for (const std::string& line : output_lines(r.out)) {
    std::size_t colon = line.find(" : ");
    if (colon == std::string::npos) continue;
    std::string name = line.substr(0, colon);
    name.erase(0, name.find_first_not_of(' '));
    name.erase(name.find_last_not_of(' ') + 1);
    if (!name.empty()) names.insert(name);
  }
  return names;
}

// A job file that spells out fio's default of a refused option runs (that value asks for what
// hostmark does), on the command line and in a job file; another value is refused naming it.
TEST(FioRefusedOptions, FiosDefaultValueOfARefusedOptionRuns) {
  ::hostmark::RunOptions o;
  o.stdin_text =
      "[j]\nioengine=null\nsize=64k\nio_submit_mode=inline\nmem=malloc\nstats=1\n"
      "fill_device=0\nexit_what=GROUP\n";
  RunOutput file = run_hostmark({"fio", "--output-format=json", "-"}, o);
  ASSERT_EQ(file.exit_code, 0) << file.err;
  EXPECT_NE(file.out.find("\"io_submit_mode\": \"inline\""), std::string::npos) << file.out;
  EXPECT_NE(file.out.find("\"exit_what\": \"GROUP\""), std::string::npos) << file.out;
  RunOutput cli = run_hostmark({"fio", "--name=x", "--ioengine=null", "--size=64k",
                                "--percentage_random=100", "--rate_process", "linear"});
  EXPECT_EQ(cli.exit_code, 0) << cli.err;
  RunOutput offload = run_hostmark({"fio", "--name=x", "--io_submit_mode=offload"});
  EXPECT_EQ(offload.exit_code, 2);
  EXPECT_EQ(offload.err,
            "hostmark: --io_submit_mode: not implemented by hostmark (this queueing or submission "
            "tuning is not supported); only io_submit_mode=inline (fio's default) is accepted\n");
  o.stdin_text = "[j]\nioengine=null\nsize=64k\npre_read=1\n";
  RunOutput pre_read = run_hostmark({"fio", "-"}, o);
  EXPECT_EQ(pre_read.exit_code, 2);
  EXPECT_NE(pre_read.err.find(":4: pre_read: not implemented by hostmark"), std::string::npos)
      << pre_read.err;
}

// fio 3.33's own default (its --cmdhelp's "default:" line; 0 for "no default", as fio zeroes
// its options) is
// the value hostmark accepts for each refused option that has one.
TEST(FioRefusedOptions, TheAcceptedValueIsRealFiosDefault) {
  SKIP_WITHOUT_FIO();
  int checked = 0;
  for (const RefusedOption& r : refused_options()) {
    if (r.same_as_hostmark.empty()) continue;
    RunOutput help =
        run_program(::hostmark::testing::kRealFioBinary, {"--cmdhelp=" + std::string(r.name)});
    std::string fio_default = "0";
    for (const std::string& line : output_lines(help.out)) {
      const std::size_t at = line.find("default: ");
      if (at != std::string::npos) fio_default = line.substr(at + 9, line.find(',') - at - 9);
    }
    if (fio_default == "no default") fio_default = "0";  // fio's zeroed options
    EXPECT_TRUE(asks_for_what_hostmark_does(r, fio_default))
        << r.name << ": hostmark accepts " << r.same_as_hostmark << ", fio's default is "
        << fio_default << "\n"
        << help.out;
    ++checked;
  }
  EXPECT_GT(checked, 20);
}

TEST(FioRefusedOptions, EveryOptionOfRealFioIsImplementedOrRefused) {
  SKIP_WITHOUT_FIO();
  std::set<std::string> names = fio_option_names({"--cmdhelp=all"});
  ASSERT_GT(names.size(), 150u) << "fio --cmdhelp=all printed too little to be its option list";
  for (std::string_view engine : engines::engine_names()) {
    names.merge(fio_option_names({"--enghelp=" + std::string(engine)}));
  }
  for (const std::string& name : names) {
    EXPECT_TRUE(find_option(name) != nullptr || find_refused_option(name) != nullptr)
        << name << ": fio 3.33 has it, hostmark neither implements nor refuses it";
  }
}

}  // namespace
}  // namespace hostmark::fio
