// result_figures(): which figures each command's result holds, under which keys, and that the
// suite's phases meet the single commands' keys.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "results/figures.h"

namespace hostmark {
namespace {

Phase phase(std::string name, std::vector<Metric> metrics) {
  Phase p;
  p.name = std::move(name);
  p.metrics = std::move(metrics);
  return p;
}

Result result(std::string command, std::vector<std::pair<std::string, std::string>> options,
              std::vector<Phase> phases) {
  Result r;
  r.command = std::move(command);
  r.options = std::move(options);
  r.phases = std::move(phases);
  r.context.memory_bytes = std::uint64_t{8} << 30;
  return r;
}

std::vector<std::string> keys(const std::vector<Figure>& figures) {
  std::vector<std::string> k;
  for (const auto& f : figures) k.push_back(f.key);
  return k;
}

const Figure* find(const std::vector<Figure>& figures, const std::string& key) {
  for (const auto& f : figures)
    if (f.key == key) return &f;
  return nullptr;
}

TEST(CompareFigures, SysbenchCpuDefaultsAndThreads) {
  const auto one = result_figures(result("sysbench cpu", {{"time", "1"}},
                                         {phase("cpu", {{"events_per_s", 4040, "events/s"}})}));
  ASSERT_EQ(keys(one),
            std::vector<std::string>{"cpu.sysbench_prime.max_prime=10000.threads=1.events_per_s"});
  EXPECT_EQ(one[0].value, 4040);
  EXPECT_TRUE(one[0].higher_is_better);
  const auto four =
      result_figures(result("sysbench cpu", {{"threads", "4"}, {"cpu-max-prime", "20000"}},
                            {phase("cpu", {{"events_per_s", 900, "events/s"}})}));
  EXPECT_EQ(keys(four),
            std::vector<std::string>{"cpu.sysbench_prime.max_prime=20000.threads=4.events_per_s"});
}

TEST(CompareFigures, NativeCpuMeetsSysbenchCpuKeys) {
  const Result r = result(
      "cpu", {{"cpu-max-prime", "10000"}, {"threads", "2"}},
      {phase("single-thread", {{"events_per_s", 2837, "events/s"}, {"threads", 1, "threads"}}),
       phase("all-threads", {{"events_per_s", 5600, "events/s"}, {"threads", 2, "threads"}}),
       phase("scaling", {{"speedup", 1.97, "x"}})});
  EXPECT_EQ(
      keys(result_figures(r)),
      (std::vector<std::string>{"cpu.sysbench_prime.max_prime=10000.threads=1.events_per_s",
                                "cpu.sysbench_prime.max_prime=10000.threads=2.events_per_s"}));
}

TEST(CompareFigures, SysbenchMemoryNamesBlockOperModeScopeThreads) {
  const auto f = result_figures(
      result("sysbench memory", {{"memory-block-size", "1M"}, {"memory-oper", "read"}},
             {phase("memory", {{"transferred_mib_per_s", 9000, "MiB/s"}})}));
  EXPECT_EQ(keys(f), std::vector<std::string>{
                         "memory.sysbench.block=1MiB.oper=read.mode=seq.scope=global.threads=1."
                         "mib_per_s"});
  // Huge pages measure something else: no figure.
  EXPECT_TRUE(result_figures(result("sysbench memory", {{"memory-hugetlb", "on"}},
                                    {phase("memory", {{"transferred_mib_per_s", 1, "MiB/s"}})}))
                  .empty());
}

TEST(CompareFigures, NativeMemoryIsNotSysbenchMemory) {
  const auto f = result_figures(result(
      "memory", {},
      {phase("bandwidth", {{"copy_gb_per_s", 20, "GB/s"},
                           {"triad_gb_per_s", 22, "GB/s"},
                           {"threads", 2, "threads"},
                           {"array_bytes", 1 << 26, "bytes"}}),
       phase("latency",
             {{"l1_ns", 1.1, "ns"}, {"dram_ns", 90, "ns"}, {"l1_max_bytes", 32768, "bytes"}}),
       phase("sysbench-style",
             {{"block_1k_mib_per_s", 5880, "MiB/s"}, {"block_1m_mib_per_s", 13000, "MiB/s"}})}));
  EXPECT_EQ(keys(f), (std::vector<std::string>{
                         "memory.stream.copy.threads=2.gb_per_s",
                         "memory.stream.triad.threads=2.gb_per_s",
                         "memory.load_latency.l1.ns",
                         "memory.load_latency.dram.ns",
                         "memory.hostmark_sysbench_style.block=1KiB.mib_per_s",
                         "memory.hostmark_sysbench_style.block=1MiB.mib_per_s",
                     }));
  EXPECT_FALSE(find(f, "memory.load_latency.dram.ns")->higher_is_better);
}

TEST(CompareFigures, SysbenchFileioKeepsEveryMeaningfulOption) {
  const auto f = result_figures(result(
      "sysbench fileio",
      {{"file-total-size", "5G"},
       {"file-num", "5"},
       {"file-io-mode", "async"},
       {"file-fsync-freq", "0"},
       {"file-test-mode", "rndrd"},
       {"file-block-size", "4k"}},
      {phase("fileio", {{"read_mib_per_s", 78, "MiB/s"}, {"written_mib_per_s", 0, "MiB/s"}})}));
  EXPECT_EQ(keys(f), std::vector<std::string>{
                         "fileio.sysbench.mode=rndrd.block=4KiB.io_mode=async.fsync_freq=0."
                         "total=5GiB.threads=1.read_mib_per_s"});
  const auto rw = result_figures(result(
      "sysbench fileio", {{"file-test-mode", "rndrw"}, {"file-extra-flags", "direct"}},
      {phase("fileio", {{"read_mib_per_s", 10, "MiB/s"}, {"written_mib_per_s", 7, "MiB/s"}})}));
  EXPECT_EQ(keys(rw),
            (std::vector<std::string>{
                "fileio.sysbench.mode=rndrw.block=16KiB.io_mode=sync.fsync_freq=100.total=2GiB."
                "threads=1.extra=direct.rw_ratio=1.5.read_mib_per_s",
                "fileio.sysbench.mode=rndrw.block=16KiB.io_mode=sync.fsync_freq=100.total=2GiB."
                "threads=1.extra=direct.rw_ratio=1.5.written_mib_per_s"}));
  EXPECT_TRUE(result_figures(result("sysbench fileio",
                                    {{"file-test-mode", "rndwr"}, {"file-fsync-all", "on"}},
                                    {phase("fileio", {{"written_mib_per_s", 1, "MiB/s"}})}))
                  .empty());
}

TEST(CompareFigures, DiskProfileTestsAreFioJobs) {
  const auto f = result_figures(result(
      "disk", {{"profile", "standard"}},
      {phase("RND4K Q32T1 read", {{"mb_per_s", 212, "MB/s"},
                                  {"iops", 51804, "IO/s"},
                                  {"lat_mean_us", 615, "us"},
                                  {"lat_p99_us", 1667, "us"},
                                  {"loops", 1, "count"}}),
       phase("SEQ1M Q8T1 write", {{"mb_per_s", 2120, "MB/s"}}),
       phase("RND4K Q1T1 mix", {{"read_mb_per_s", 20, "MB/s"}, {"write_mb_per_s", 9, "MB/s"}})}));
  EXPECT_EQ(keys(f),
            (std::vector<std::string>{
                "fio.rw=randread.bs=4KiB.ioengine=libaio.iodepth=32.numjobs=1.direct=1.mb_per_s",
                "fio.rw=randread.bs=4KiB.ioengine=libaio.iodepth=32.numjobs=1.direct=1.iops",
                "fio.rw=randread.bs=4KiB.ioengine=libaio.iodepth=32.numjobs=1.direct=1."
                "lat_mean_us",
                "fio.rw=randread.bs=4KiB.ioengine=libaio.iodepth=32.numjobs=1.direct=1.lat_p99_us",
                "fio.rw=write.bs=1MiB.ioengine=libaio.iodepth=8.numjobs=1.direct=1.mb_per_s",
                "fio.rw=randrw.rwmixread=70.bs=4KiB.ioengine=libaio.iodepth=1.numjobs=1.direct=1."
                "read_mb_per_s",
                "fio.rw=randrw.rwmixread=70.bs=4KiB.ioengine=libaio.iodepth=1.numjobs=1.direct=1."
                "write_mb_per_s"}));
  EXPECT_EQ(f[0].label, "Storage: RND4K Q32T1 read [MB/s]");
  EXPECT_FALSE(f[3].higher_is_better);
}

// A saved `hostmark fio` run: each job's settings from its options (the job's own, else the
// global ones, else fio's defaults) make the same keys as `hostmark disk` and the references.
TEST(CompareFigures, FioJobsMeetDiskKeys) {
  const auto f = result_figures(result(
      "fio",
      {{"ioengine", "libaio"},
       {"direct", "1"},
       {"q32.rw", "randread"},
       {"q32.bs", "4k"},
       {"q32.iodepth", "32"},
       {"mix.rw", "randrw"},
       {"mix.rwmixread", "70"}},
      {phase("q32", {{"iops", 51804, "IO/s"}, {"read_iops", 51804, "IO/s"}}),
       phase("mix", {{"read_mb_per_s", 20, "MB/s"}}), phase("q32#1", {{"iops", 100, "IO/s"}})}));
  EXPECT_EQ(keys(f),
            (std::vector<std::string>{
                "fio.rw=randread.bs=4KiB.ioengine=libaio.iodepth=32.numjobs=1.direct=1.iops",
                "fio.rw=randrw.rwmixread=70.bs=4KiB.ioengine=libaio.iodepth=1.numjobs=1.direct=1."
                "read_mb_per_s"}))
      << "one thread of several (q32#1) is not the job's figure";
  const auto defaults = result_figures(result("fio", {}, {phase("j", {{"mb_per_s", 1, "MB/s"}})}));
  EXPECT_EQ(keys(defaults), (std::vector<std::string>{
                                "fio.rw=read.bs=4KiB.ioengine=psync.iodepth=1.numjobs=1.direct=0."
                                "mb_per_s"}));
}

TEST(CompareFigures, HdparmAndDd) {
  const auto t = result_figures(
      result("disk --timing", {{"direct", "no"}},
             {phase("cached_reads", {{"mib_per_s", 15890, "MiB/s"}, {"mb_per_s", 16662, "MB/s"}}),
              phase("disk_reads", {{"mib_per_s", 970, "MiB/s"}})}));
  EXPECT_EQ(keys(t), (std::vector<std::string>{"hdparm.cached_reads.mib_per_s",
                                               "hdparm.disk_reads.direct=0.mib_per_s"}));
  EXPECT_EQ(t[0].value, 15890);
  const auto d = result_figures(
      result("disk dd",
             {{"bs", "10M"}, {"count", "1024"}, {"conv", "none"}, {"oflag", ""}, {"data", "zero"}},
             {phase("seq_write", {{"mb_per_s", 2900, "MB/s"}, {"mib_per_s", 2765, "MiB/s"}})}));
  EXPECT_EQ(keys(d), std::vector<std::string>{
                         "dd.write.bs=10MiB.count=1024.conv=none.oflag=none.data=zero.mb_per_s"});
}

TEST(CompareFigures, DbThreadCountIsPartOfTheKey) {
  const auto two = result_figures(result(
      "db", {{"driver", "sqlite"}, {"tables", "1"}, {"table-size", "1000"}, {"threads", "2"}},
      {phase("read-write", {{"tps", 51, "transactions/s"}})}));
  ASSERT_EQ(two.size(), 1u);
  EXPECT_EQ(two[0].key, "oltp.read_write.driver=sqlite.tables=1.table_size=1000.threads=2.tps");
}

TEST(CompareFigures, OltpFromDbAndSysbenchMeet) {
  const auto db = result_figures(result(
      "db", {{"driver", "mysql"}, {"tables", "1"}, {"table-size", "10000"}, {"threads", "1"}},
      {phase("prepare", {{"rows_per_s", 1800, "rows/s"}}),
       phase("read-write", {{"tps", 51, "transactions/s"},
                            {"qps", 1020, "queries/s"},
                            {"threads", 1, "threads"}})}));
  const auto sb =
      result_figures(result("sysbench oltp_read_write", {{"db-driver", "mysql"}},
                            {phase("oltp_read_write", {{"transactions_per_s", 50, "transactions/s"},
                                                       {"queries_per_s", 1000, "queries/s"}})}));
  const std::vector<std::string> expected = {
      "oltp.read_write.driver=mysql.tables=1.table_size=10000.threads=1.tps",
      "oltp.read_write.driver=mysql.tables=1.table_size=10000.threads=1.qps"};
  EXPECT_EQ(keys(db), expected);
  EXPECT_EQ(keys(sb), expected);
  // A transaction of another shape is another test.
  EXPECT_TRUE(result_figures(result("sysbench oltp_read_write", {{"skip-trx", "on"}},
                                    {phase("oltp_read_write",
                                           {{"transactions_per_s", 50, "transactions/s"}})}))
                  .empty());
}

TEST(CompareFigures, SuitePhasesMeetTheSingleCommands) {
  Result suite = result(
      "suite",
      {{"profile", "smoke"},
       {"fs-size", "67108864"},
       {"fs-char-size", "8388608"},
       {"fs-files-k", "1"},
       {"fs-drop-cache", "yes"},
       {"db-tables", "1"},
       {"db-table-size", "1000"},
       {"db-threads", "1"}},
      {phase("cpu.single-thread", {{"events_per_s", 2800, "events/s"}, {"threads", 1, "threads"}}),
       phase("cpu.all-threads", {{"events_per_s", 5500, "events/s"}, {"threads", 2, "threads"}}),
       phase("memory.sysbench-style", {{"block_1k_mib_per_s", 5880, "MiB/s"}}),
       phase("fs.put_block", {{"mb_per_s", 600, "MB/s"}, {"rate", 600000, "KiB/s"}}),
       phase("fs.seq_create", {{"rate", 9500, "files/s"}, {"threads", 1, "threads"}}),
       phase("db.read-write", {{"tps", 260, "transactions/s"}, {"qps", 5200, "queries/s"}}),
       phase("storage.RND4K Q32T1 read", {{"mb_per_s", 212, "MB/s"}})});
  const auto f = result_figures(suite);
  EXPECT_EQ(keys(f),
            (std::vector<std::string>{
                "cpu.sysbench_prime.max_prime=10000.threads=1.events_per_s",
                "cpu.sysbench_prime.max_prime=10000.threads=2.events_per_s",
                "memory.hostmark_sysbench_style.block=1KiB.mib_per_s",
                "fs.bonnie.size=64MiB.chunk=8KiB.drop_cache=yes.put_block.mb_per_s",
                "fs.files.count=1024.size=0B-0B.dirs=0.threads=1.seq_create.files_per_s",
                "oltp.read_write.driver=sqlite.tables=1.table_size=1000.threads=1.tps",
                "oltp.read_write.driver=sqlite.tables=1.table_size=1000.threads=1.qps",
                "fio.rw=randread.bs=4KiB.ioengine=libaio.iodepth=32.numjobs=1.direct=1.mb_per_s"}));
  // `hostmark fs --quick` on the same machine names the same data and file tests.
  const auto fs = result_figures(result("fs",
                                        {{"size", "67108864"},
                                         {"chunk", "8192"},
                                         {"char-size", "8388608"},
                                         {"char-io", "stdio"},
                                         {"seekers", "5"},
                                         {"files", "1"},
                                         {"file-max", "0"},
                                         {"file-min", "0"},
                                         {"dirs", "0"},
                                         {"threads", "1"},
                                         {"drop-cache", "yes"}},
                                        {phase("put_block", {{"mb_per_s", 631, "MB/s"}}),
                                         phase("seq_create", {{"rate", 9501, "files/s"}})}));
  EXPECT_EQ(keys(fs)[0], keys(f)[3]);
  EXPECT_EQ(keys(fs)[1], keys(f)[4]);
}

TEST(CompareFigures, NothingComparableInInfoOrUnknownPhases) {
  EXPECT_TRUE(result_figures(result("info", {}, {})).empty());
  EXPECT_TRUE(
      result_figures(result("disk", {}, {phase("warm-up", {{"mb_per_s", 1, "MB/s"}})})).empty());
}

}  // namespace
}  // namespace hostmark
