// fio job files: sections, [global] inheritance, comments, include, expansion, every option
// kind, and errors naming file, line and option.
#include <gtest/gtest.h>

#include "fio/job_parser.h"
#include "fio_test_env.h"

namespace hostmark::fio {
namespace {

using testing::error_of;
using testing::FakeMachine;

Expected<ParsedJobs> parse_text(std::string_view text, const FakeMachine& m = {}) {
  return parse_job_file(text, "job.fio", m.env());
}

JobOptions one_job(std::string_view body) {
  auto parsed = parse_text("[j]\n" + std::string(body) + "\n");
  if (!parsed.ok()) ADD_FAILURE() << parsed.error().message();
  if (!parsed.ok() || parsed.value().jobs.size() != 1) return JobOptions{};
  return parsed.value().jobs[0];
}

std::string job_error(std::string_view body) {
  return error_of(parse_text("[j]\n" + std::string(body) + "\n"));
}

TEST(FioJobFile, TwoGlobalSectionsApplyToTheJobsAfterThem) {
  auto parsed = parse_text(
      "; a comment\n"
      "[global]\n"
      "bs=8k\n"
      "[a]\n"
      "rw=read\n"
      "[global]\n"
      "iodepth=4\n"
      "[b]\n"
      "rw=write\n"
      "bs=16k\n");
  ASSERT_TRUE(parsed.ok()) << parsed.error().message();
  const auto& jobs = parsed.value().jobs;
  ASSERT_EQ(jobs.size(), 2u);
  EXPECT_EQ(jobs[0].name, "a");
  EXPECT_EQ(jobs[0].defined_at, "job.fio:4");
  EXPECT_EQ(jobs[0].bs[0], 8192u);
  EXPECT_EQ(jobs[0].iodepth, 1u);  // the second [global] comes after a
  EXPECT_TRUE(jobs[0].rw.read);
  EXPECT_EQ(jobs[1].name, "b");
  EXPECT_EQ(jobs[1].defined_at, "job.fio:8");
  EXPECT_EQ(jobs[1].iodepth, 4u);  // both [global] sections, accumulated, as fio
  EXPECT_EQ(jobs[1].bs[1], 16384u);
  EXPECT_TRUE(jobs[1].rw.write);
  EXPECT_FALSE(jobs[1].rw.read);
  using Given = std::vector<std::pair<std::string, std::string>>;
  EXPECT_EQ(jobs[1].given, (Given{{"rw", "write"}, {"bs", "16k"}}));
  EXPECT_EQ(parsed.value().global_given, (Given{{"bs", "8k"}, {"iodepth", "4"}}));
}

TEST(FioJobFile, CommentsBlanksAndBareFlags) {
  auto parsed = parse_text(
      "# whole-line comment\n"
      "\n"
      "[j]  \n"
      "  bs = 8k   ; trailing comment\n"
      "rw=write # another\n"
      "direct\n"
      "time_based\n"
      "filename=/tmp/a#b\n");
  ASSERT_TRUE(parsed.ok()) << parsed.error().message();
  const JobOptions& j = parsed.value().jobs.at(0);
  EXPECT_EQ(j.bs[0], 8192u);
  EXPECT_TRUE(j.rw.write);
  EXPECT_TRUE(j.direct);
  EXPECT_TRUE(j.time_based);
  EXPECT_EQ(j.filenames, (std::vector<std::string>{"/tmp/a#b"}));
  using Given = std::vector<std::pair<std::string, std::string>>;
  EXPECT_EQ(j.given, (Given{{"bs", "8k"},
                            {"rw", "write"},
                            {"direct", ""},
                            {"time_based", ""},
                            {"filename", "/tmp/a#b"}}));
}

TEST(FioJobFile, IncludeIsRelativeToTheIncludingFile) {
  FakeMachine m;
  m.files["jobs/common.fio"] = "iodepth=7\ninclude deeper/more.fio\n";
  m.files["jobs/deeper/more.fio"] = "bs=(2*4)k\n";
  m.files["jobs/main.fio"] = "[global]\ninclude common.fio\n[x]\nrw=randread\n";
  auto parsed = parse_job_file(m.files["jobs/main.fio"], "jobs/main.fio", m.env());
  ASSERT_TRUE(parsed.ok()) << parsed.error().message();
  EXPECT_EQ(parsed.value().jobs.at(0).iodepth, 7u);
  EXPECT_EQ(parsed.value().jobs.at(0).bs[0], 8192u);

  m.files["bad.fio"] = "[x]\ninclude nothere.fio\n";
  EXPECT_EQ(error_of(parse_job_file(m.files["bad.fio"], "bad.fio", m.env())),
            "bad.fio:2: include: cannot read 'nothere.fio': No such file or directory");
  m.files["loop.fio"] = "[x]\ninclude loop.fio\n";
  EXPECT_NE(
      error_of(parse_job_file(m.files["loop.fio"], "loop.fio", m.env())).find("nested too deep"),
      std::string::npos);
  // An error inside an included file names that file and its line.
  m.files["inc_err.fio"] = "\nbs=4q\n";
  m.files["top.fio"] = "[x]\ninclude inc_err.fio\n";
  EXPECT_EQ(error_of(parse_job_file(m.files["top.fio"], "top.fio", m.env())),
            "inc_err.fio:2: bs: '4q' is not a size");
}

TEST(FioJobFile, EnvironmentAndMachineKeywords) {
  FakeMachine m;
  m.vars["BS"] = "16k";
  m.vars["DEV"] = "/dev/loop7";
  auto parsed = parse_text(
      "[j]\n"
      "bs=${BS}\n"
      "filename=${DEV}\n"
      "directory=${UNSET_VARIABLE}/x\n"
      "size=$pagesize\n"
      "numjobs=$ncpus\n"
      "io_size=($mb_memory/2)m\n"
      "description=$ncpus cpus\n",
      m);
  ASSERT_TRUE(parsed.ok()) << parsed.error().message();
  const JobOptions& j = parsed.value().jobs.at(0);
  EXPECT_EQ(j.bs[0], 16384u);
  EXPECT_EQ(j.filenames, (std::vector<std::string>{"/dev/loop7"}));
  EXPECT_EQ(j.directory, "/x");  // unset -> empty, as fio
  EXPECT_EQ(j.size, 8192u);
  EXPECT_EQ(j.numjobs, 6);
  EXPECT_EQ(j.io_size, 12052ull * 1024 * 1024);
  EXPECT_EQ(j.description, "6 cpus");
  EXPECT_EQ(j.given.at(0), (std::pair<std::string, std::string>{"bs", "16k"}));  // as expanded
}

TEST(FioJobFile, KbBaseAppliesToTheWholeSection) {
  // fio parses kb_base before the other options of a section, wherever it is written.
  JobOptions j = one_job("size=1k\nkb_base=1000\nbs=1KiB");
  EXPECT_EQ(j.kb_base, 1000u);
  EXPECT_EQ(j.size, 1000u);
  EXPECT_EQ(j.bs[0], 1024u);
  auto parsed = parse_text("[global]\nkb_base=1000\n[a]\nsize=2m\n");
  ASSERT_TRUE(parsed.ok());
  EXPECT_EQ(parsed.value().jobs.at(0).size, 2000000u);
  EXPECT_EQ(job_error("kb_base=999"), "job.fio:2: kb_base: '999' is not 1024 or 1000");
}

TEST(FioJobFile, RwModesAndMix) {
  EXPECT_EQ(one_job("rw=randrw").rw, (RwMode{true, true, false, true, 1}));
  EXPECT_EQ(one_job("readwrite=rw").rw, (RwMode{true, true, false, false, 1}));
  EXPECT_EQ(one_job("rw=readwrite").rw, (RwMode{true, true, false, false, 1}));
  EXPECT_EQ(one_job("rw=trimwrite").rw, (RwMode{false, true, true, false, 1}));
  EXPECT_EQ(one_job("rw=randtrimwrite").rw, (RwMode{false, true, true, true, 1}));
  EXPECT_EQ(one_job("rw=randtrim").rw, (RwMode{false, false, true, true, 1}));
  EXPECT_EQ(one_job("rw=randread:8").rw, (RwMode{true, false, false, true, 8}));
  EXPECT_EQ(one_job("rw=write").rw, (RwMode{false, true, false, false, 1}));
  EXPECT_EQ(one_job("rw=write:4k").rw, (RwMode{false, true, false, false, 1, 4096}));  // a hole
  EXPECT_EQ(one_job("rw=read:-4k").rw, (RwMode{true, false, false, false, 1, -4096}));
  EXPECT_EQ(job_error("rw=read:4q"), "job.fio:2: rw: '4q' is not a size");
  EXPECT_EQ(job_error("rw=randwrtie").substr(0, 49),
            "job.fio:2: rw: 'randwrtie' is not an I/O pattern ");
  EXPECT_EQ(one_job("rwmixread=70").rwmixread, 70u);
  EXPECT_EQ(one_job("rwmixwrite=30").rwmixread, 70u);
  EXPECT_EQ(one_job("rwmixread=10\nrwmixwrite=40").rwmixread, 60u);
  EXPECT_EQ(job_error("rwmixread=150"), "job.fio:2: rwmixread: 150 is not a percentage");
}

TEST(FioJobFile, BlockSizesPerDirectionRangesAndSplits) {
  JobOptions j = one_job("bs=4k,64k");
  EXPECT_EQ(j.bs, (PerDir<std::uint32_t>{4096, 65536, 65536}));
  EXPECT_EQ(one_job("blocksize=,8k,").bs, (PerDir<std::uint32_t>{4096, 8192, 4096}));
  EXPECT_EQ(one_job("bs=1k,2k,3k").bs, (PerDir<std::uint32_t>{1024, 2048, 3072}));
  j = one_job("bsrange=4k-64k,1k:2k");
  ASSERT_TRUE(j.bsrange.has_value());
  EXPECT_EQ((*j.bsrange)[0], (std::pair<std::uint32_t, std::uint32_t>{4096, 65536}));
  EXPECT_EQ((*j.bsrange)[1], (std::pair<std::uint32_t, std::uint32_t>{1024, 2048}));
  EXPECT_EQ((*j.bsrange)[2], (std::pair<std::uint32_t, std::uint32_t>{1024, 2048}));
  j = one_job("bssplit=4k/50:64k/50");
  ASSERT_EQ(j.bssplit[0].size(), 2u);
  EXPECT_EQ(j.bssplit[0][1].bs, 65536u);
  EXPECT_EQ(j.bssplit[0][1].percent, 50u);
  EXPECT_EQ(j.bssplit[2].size(), 2u);  // one list applies to all directions
  j = one_job("bssplit=4k/100,8k/20:16k/80");
  EXPECT_EQ(j.bssplit[0].size(), 1u);
  EXPECT_EQ(j.bssplit[1][1].bs, 16384u);
  EXPECT_EQ(j.bssplit[1][1].percent, 80u);
  j = one_job("bssplit=4k/50:8k:16k");  // unspecified entries share the rest
  EXPECT_EQ(j.bssplit[0][1].percent, 25u);
  EXPECT_EQ(j.bssplit[0][2].percent, 25u);
  EXPECT_NE(job_error("bssplit=4k/50:64k/40").find("not 100"), std::string::npos);
  j = one_job("ba=4k");
  EXPECT_TRUE(j.blockalign_set);
  EXPECT_EQ(j.blockalign[2], 4096u);
  EXPECT_EQ(job_error("bs=4q"), "job.fio:2: bs: '4q' is not a size");
  EXPECT_EQ(job_error("bs=0"), "job.fio:2: bs: block size must be at least 1");
}

TEST(FioJobFile, SizesOffsetsAndPercentages) {
  JobOptions j = one_job(
      "size=50%\noffset=10%\nio_size=(4*1024)k\nfilesize=1m-2m\noffset_increment=1g\nnumber_ios="
      "1000");
  EXPECT_DOUBLE_EQ(j.size_percent, 50);
  EXPECT_EQ(j.size, 0u);
  EXPECT_DOUBLE_EQ(j.offset_percent, 10);
  EXPECT_EQ(j.io_size, 4u << 20);
  EXPECT_EQ(j.filesize, (std::pair<std::uint64_t, std::uint64_t>{1 << 20, 2 << 20}));
  EXPECT_EQ(j.offset_increment, 1u << 30);
  EXPECT_EQ(j.number_ios, 1000u);
  j = one_job("size=1G\nfileoffset=4k\nio_limit=2m");
  EXPECT_EQ(j.size, 1u << 30);
  EXPECT_EQ(j.offset, 4096u);
  EXPECT_EQ(j.io_size, 2u << 20);
  EXPECT_EQ(one_job("filesize=8k").filesize, (std::pair<std::uint64_t, std::uint64_t>{8192, 8192}));
}

TEST(FioJobFile, TimesAndLoops) {
  JobOptions j =
      one_job("runtime=1m\nramp_time=4\nstartdelay=100ms\nloops=3\nbwavgtime=250\niopsavgtime=1s");
  EXPECT_EQ(j.runtime_ns, 60'000'000'000u);
  EXPECT_EQ(j.ramp_time_ns, 4'000'000'000u);
  EXPECT_EQ(j.startdelay_ns, 100'000'000u);
  EXPECT_EQ(j.loops, 3u);
  EXPECT_EQ(j.bwavgtime_ns, 250'000'000u);  // bare: milliseconds
  EXPECT_EQ(j.iopsavgtime_ns, 1'000'000'000u);
  EXPECT_EQ(one_job("timeout=30").runtime_ns, 30'000'000'000u);
  EXPECT_EQ(job_error("runtime=10x"), "job.fio:2: runtime: '10x' is not a time");
  EXPECT_EQ(job_error("loops=0"), "job.fio:2: loops: must be at least 1");
}

TEST(FioJobFile, QueueingAndEngineOptions) {
  JobOptions j = one_job(
      "ioengine=io_uring\niodepth=32\niodepth_batch_submit=8\niodepth_batch_complete=4\n"
      "iodepth_batch_complete_max=16\niodepth_low=2\nhipri\nnowait=1\nfixedbufs\nregisterfiles\n"
      "sqthread_poll=1\nsqthread_poll_cpu=3\nnonvectored=1\nthread");
  EXPECT_EQ(j.ioengine, "io_uring");
  EXPECT_EQ(j.iodepth, 32u);
  EXPECT_EQ(j.iodepth_batch_submit, 8u);
  EXPECT_EQ(j.iodepth_batch_complete_min, 4u);
  EXPECT_EQ(j.iodepth_batch_complete_max, 16u);
  EXPECT_EQ(j.iodepth_low, 2u);
  EXPECT_TRUE(j.hipri && j.nowait && j.fixedbufs && j.registerfiles && j.sqthread_poll && j.thread);
  EXPECT_EQ(j.sqthread_poll_cpu, 3);
  EXPECT_EQ(j.nonvectored, true);
  EXPECT_EQ(one_job("ioengine=whatever").ioengine, "whatever");  // the runner validates
  EXPECT_EQ(job_error("iodepth=0"), "job.fio:2: iodepth: must be at least 1");
  EXPECT_EQ(job_error("iodepth"), "job.fio:2: iodepth: needs a value");
  EXPECT_EQ(one_job("iodepth=1k").iodepth, 1024u);  // fio lets counts carry units
}

TEST(FioJobFile, RatesPerDirection) {
  JobOptions j = one_job("rate=1m,2m\nrate_iops=100,,");
  EXPECT_EQ(j.rate_bytes_per_s, (PerDir<std::uint64_t>{1 << 20, 2 << 20, 2 << 20}));
  EXPECT_EQ(j.rate_iops, (PerDir<std::uint64_t>{100, 0, 0}));
  EXPECT_EQ(one_job("rate_iops=,500").rate_iops, (PerDir<std::uint64_t>{0, 500, 500}));
}

TEST(FioJobFile, RandomDistributions) {
  auto d = one_job("random_distribution=zipf:1.2").random_distribution;
  EXPECT_EQ(d.kind, Distribution::kZipf);
  EXPECT_DOUBLE_EQ(d.param, 1.2);
  EXPECT_FALSE(d.center.has_value());
  d = one_job("random_distribution=zipf:1.2:0.3").random_distribution;
  EXPECT_DOUBLE_EQ(d.center.value(), 0.3);
  d = one_job("random_distribution=pareto:0.9").random_distribution;
  EXPECT_EQ(d.kind, Distribution::kPareto);
  d = one_job("random_distribution=normal:5").random_distribution;
  EXPECT_EQ(d.kind, Distribution::kNormal);
  EXPECT_DOUBLE_EQ(d.param, 5);
  d = one_job("random_distribution=zoned:60/10:30/20:10/70").random_distribution;
  EXPECT_EQ(d.kind, Distribution::kZoned);
  ASSERT_EQ(d.zones[0].size(), 3u);
  EXPECT_DOUBLE_EQ(d.zones[0][1].access_percent, 30);
  EXPECT_DOUBLE_EQ(d.zones[0][1].size_percent, 20);
  EXPECT_EQ(d.zones[2].size(), 3u);
  d = one_job("random_distribution=zoned:50/50:50/50,100/100").random_distribution;
  EXPECT_EQ(d.zones[0].size(), 2u);
  EXPECT_EQ(d.zones[1].size(), 1u);
  d = one_job("random_distribution=zoned_abs:60/20g:40/100g").random_distribution;
  EXPECT_EQ(d.kind, Distribution::kZonedAbs);
  EXPECT_EQ(d.zones[0][0].size_bytes, 20ull << 30);
  EXPECT_EQ(one_job("random_distribution=random").random_distribution.kind, Distribution::kRandom);
  EXPECT_EQ(job_error("random_distribution=zipf:1.0"),
            "job.fio:2: random_distribution: zipf theta must be different from 1.0");
  EXPECT_NE(job_error("random_distribution=zoned:60/10:30/20").find("add up to"),
            std::string::npos);
  EXPECT_NE(job_error("random_distribution=gauss:1").find("is not a distribution"),
            std::string::npos);
}

TEST(FioJobFile, VerifyAndPatterns) {
  EXPECT_EQ(one_job("verify=crc32c-intel").verify, VerifyKind::kCrc32c);
  EXPECT_EQ(one_job("verify=crc32c").verify, VerifyKind::kCrc32c);
  EXPECT_EQ(one_job("verify=xxhash").verify, VerifyKind::kXxhash);
  EXPECT_EQ(one_job("verify=md5").verify, VerifyKind::kMd5);
  EXPECT_EQ(one_job("verify=sha256").verify, VerifyKind::kSha256);
  EXPECT_EQ(one_job("verify=md5\nverify=0").verify, VerifyKind::kNone);
  JobOptions j = one_job(
      "verify_pattern=0xdeadbeef\nverify_fatal=1\nverify_backlog=16\ndo_verify=0\nverify_interval="
      "512");
  EXPECT_EQ(j.verify, VerifyKind::kPattern);  // as fio, when verify= is not given
  EXPECT_EQ(j.verify_pattern, (std::vector<std::uint8_t>{0xde, 0xad, 0xbe, 0xef}));
  EXPECT_TRUE(j.verify_fatal);
  EXPECT_EQ(j.verify_backlog, 16u);
  EXPECT_FALSE(j.do_verify);
  EXPECT_EQ(j.verify_interval, 512u);
  EXPECT_EQ(one_job("verify=md5\nverify_pattern=1").verify, VerifyKind::kMd5);
  EXPECT_EQ(one_job("buffer_pattern=\"ab\"").buffer_pattern, (std::vector<std::uint8_t>{'a', 'b'}));
  EXPECT_NE(job_error("verify=sha1").find("not implemented by hostmark"), std::string::npos);
  EXPECT_NE(job_error("verify=crc99").find("is not a verify method"), std::string::npos);
}

TEST(FioJobFile, BuffersSyncsStatisticsSafety) {
  JobOptions j = one_job(
      "refill_buffers\nzero_buffers\nscramble_buffers=0\nbuffer_compress_percentage=40\n"
      "buffer_compress_chunk=4k\nfsync=8\nfdatasync=4\nend_fsync=1\nfsync_on_close=1\n"
      "percentile_list=50:99.9:99.99\nclat_percentiles=0\nlat_percentiles=1\nslat_percentiles=1\n"
      "disk_util=0\ngroup_reporting\nreadonly=1\nallow_mounted_write=1");
  EXPECT_TRUE(j.refill_buffers && j.zero_buffers);
  EXPECT_FALSE(j.scramble_buffers);
  EXPECT_EQ(j.buffer_compress_percentage, 40u);
  EXPECT_EQ(j.buffer_compress_chunk, 4096u);
  EXPECT_EQ(j.fsync_every, 8u);
  EXPECT_EQ(j.fdatasync_every, 4u);
  EXPECT_TRUE(j.end_fsync && j.fsync_on_close);
  EXPECT_EQ(j.percentile_list, (std::vector<double>{50, 99.9, 99.99}));
  EXPECT_FALSE(j.clat_percentiles);
  EXPECT_TRUE(j.lat_percentiles && j.slat_percentiles);
  EXPECT_FALSE(j.disk_util);
  EXPECT_TRUE(j.group_reporting && j.readonly && j.allow_mounted_write);
  EXPECT_NE(job_error("percentile_list=50:101").find("not a percentile"), std::string::npos);
}

TEST(FioJobFile, FilesAndLayout) {
  JobOptions j = one_job(
      "filename=a\\:b:c\ndirectory=/var/"
      "tmp\nfilename_format=f.$jobnum\nnrfiles=4\ndirect=1\nsync=1\n"
      "invalidate=0\nfallocate=none\ncreate_only=1\noverwrite=1\nunlink=1\nunlink_each_loop="
      "1\nfile_service_type="
      "random\n"
      "description=hello world\nnumjobs=16\nstonewall\nnew_group");
  EXPECT_EQ(j.filenames, (std::vector<std::string>{"a:b", "c"}));
  EXPECT_EQ(j.directory, "/var/tmp");
  EXPECT_EQ(j.filename_format, "f.$jobnum");
  EXPECT_EQ(j.nrfiles, 4);
  EXPECT_TRUE(j.direct && j.sync_io && j.create_only && j.overwrite);
  EXPECT_FALSE(j.invalidate);
  EXPECT_EQ(j.fallocate, Fallocate::kNone);
  EXPECT_TRUE(j.unlink && j.unlink_each_loop);
  EXPECT_FALSE(one_job("rw=read").unlink) << "fio keeps the files by default";
  EXPECT_EQ(j.file_service_type, "random");
  EXPECT_EQ(j.description, "hello world");
  EXPECT_EQ(j.numjobs, 16);  // not expanded
  EXPECT_TRUE(j.stonewall && j.new_group);
  EXPECT_FALSE(one_job("direct=1\nbuffered=1").direct);
  EXPECT_TRUE(one_job("wait_for_previous").stonewall);
  EXPECT_EQ(one_job("fallocate=keep").fallocate, Fallocate::kKeep);
  EXPECT_EQ(one_job("nr_files=2").nrfiles, 2);
  EXPECT_EQ(one_job("name=renamed").name, "renamed");
  EXPECT_EQ(job_error("direct=2"), "job.fio:2: direct: '2' is not a boolean (0 or 1)");
  EXPECT_EQ(job_error("numjobs=0"), "job.fio:2: numjobs: must be at least 1");
}

TEST(FioJobFile, DefaultsAreFios) {
  JobOptions j = one_job("");
  EXPECT_EQ(j.bs, (PerDir<std::uint32_t>{4096, 4096, 4096}));
  EXPECT_EQ(j.rw, RwMode{});
  EXPECT_EQ(j.ioengine, "psync");
  EXPECT_EQ(j.iodepth, 1u);
  EXPECT_EQ(j.rwmixread, 50u);
  EXPECT_TRUE(j.given.empty());
}

TEST(FioJobFile, LogOptionsAsFio) {
  const JobOptions j = one_job(
      "write_lat_log\nwrite_bw_log=bw\nlog_avg_msec=250\nlog_max_value=1\nlog_offset=1\n"
      "per_job_logs=0\nwrite_hist_log=h\nlog_hist_msec=100\nlog_hist_coarseness=3");
  EXPECT_EQ(j.lat_log, std::optional<std::string>(""));  // bare: the job's name is the prefix
  EXPECT_EQ(j.bw_log, std::optional<std::string>("bw"));
  EXPECT_FALSE(j.iops_log);
  EXPECT_EQ(j.hist_log, std::optional<std::string>("h"));
  EXPECT_EQ(j.log_avg_msec, 250u);
  EXPECT_TRUE(j.log_max);
  EXPECT_TRUE(j.log_offset);
  EXPECT_FALSE(j.per_job_logs);
  EXPECT_EQ(j.log_hist_msec, 100u);
  EXPECT_EQ(j.log_hist_coarseness, 3u);
  EXPECT_TRUE(one_job("rw=read").per_job_logs);
  EXPECT_EQ(job_error("log_hist_coarseness=7"),
            "job.fio:2: log_hist_coarseness: must be at most 6");
  EXPECT_EQ(job_error("log_avg_msec"), "job.fio:2: log_avg_msec: needs a value");
}

TEST(FioJobFile, ErrorsNameFileLineAndOption) {
  EXPECT_EQ(error_of(parse_text("[j]\nrw=read\n\nzonemode=zbd\n")),
            "job.fio:4: zonemode: not implemented by hostmark (zoned block devices (zonemode) "
            "are not supported)");
  EXPECT_EQ(error_of(parse_text("[j]\nss=iops:10%\n")),
            "job.fio:2: ss: not implemented by hostmark (steady-state detection is not supported "
            "(use runtime and time_based))");
  EXPECT_EQ(error_of(parse_text("[j]\nzonemode=zbd\n")),
            "job.fio:2: zonemode: not implemented by hostmark (zoned block devices (zonemode) are "
            "not supported)");
  EXPECT_EQ(error_of(parse_text("[j]\nfoo=1\n")), "job.fio:2: foo: unknown option");
  EXPECT_EQ(error_of(parse_text("[j]\nramp-time=2\n")),
            "job.fio:2: ramp-time: unknown option");  // fio takes no '-'
  EXPECT_EQ(error_of(parse_text("bs=4k\n[j]\n")), "job.fio:1: bs: option outside of a [section]");
  EXPECT_EQ(error_of(parse_text("[j\n")), "job.fio:1: '[j' is not a [section] header");
  std::string many = "[j]\n";
  for (int i = 0; i < 10; ++i) many += "; filler\n";
  many += "bs=4q\n";
  EXPECT_EQ(error_of(parse_text(many)), "job.fio:12: bs: '4q' is not a size");
  // An error in [global] names its own line too.
  EXPECT_EQ(error_of(parse_text("[global]\niodepth=0\n[j]\n")),
            "job.fio:2: iodepth: must be at least 1");
}

}  // namespace
}  // namespace hostmark::fio
