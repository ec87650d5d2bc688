#pragma once
// One fio job, as parsed from the command line or a job file (fio/job_parser.h) and read by the
// job runner (io/). Plain values in bytes, ns and counts; defaults are fio 3.33's unless a
// comment says hostmark differs and why. Per-direction values are indexed by Dir.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace hostmark::fio {

enum class Dir : std::uint8_t { kRead = 0, kWrite = 1, kTrim = 2 };
inline constexpr int kDirs = 3;

template <class T>
using PerDir = std::array<T, kDirs>;  // [read, write, trim]

// rw=: which directions, sequential or random.
struct RwMode {
  bool read = true;
  bool write = false;
  bool trim = false;
  bool random = false;
  std::uint32_t sequencer = 1;  // rw=randread:8 -> 8 (new random offset every 8 I/Os); 1 = always
  std::int64_t gap = 0;  // rw=read:512k -> 524288: a hole after each sequential I/O (< 0: back)
  bool operator==(const RwMode&) const = default;
};

struct BsSplit {  // bssplit=4k/50:64k/50 -> {4096, 50}, {65536, 50}
  std::uint32_t bs = 0;
  std::uint32_t percent = 0;
};

enum class Distribution : std::uint8_t { kRandom, kZipf, kPareto, kNormal, kZoned, kZonedAbs };

struct Zone {  // random_distribution=zoned:60/10:30/20:10/70 -> access% / size% (or bytes for
               // zoned_abs)
  double access_percent = 0;
  double size_percent = 0;
  std::uint64_t size_bytes = 0;
};

struct RandomDistribution {
  Distribution kind = Distribution::kRandom;
  double param = 0;                 // zipf theta, pareto h, normal sigma (percent)
  std::optional<double> center;     // zipf:1.2:0.3 -> 0.3 (fraction of the file)
  PerDir<std::vector<Zone>> zones;  // zoned: per direction (same for all when one list given)
};

// continue_on_error bits, fio's ERROR_TYPE_*: reads, writes (and trims, syncs), verify.
inline constexpr std::uint32_t kContinueRead = 1;
inline constexpr std::uint32_t kContinueWrite = 2;
inline constexpr std::uint32_t kContinueVerify = 4;

enum class VerifyKind : std::uint8_t { kNone, kCrc32c, kXxhash, kMd5, kSha256, kPattern };
enum class Fallocate : std::uint8_t { kNone, kPosix, kKeep, kNative, kTruncate };
// unified_rw_reporting: per direction (none), all directions as one "mixed" (mixed), or both.
enum class UnifiedRw : std::uint8_t { kNone, kMixed, kBoth };

// fadvise_hint: posix_fadvise(2) advice given when a file is opened. kWorkload (fio's default,
// "1") is FADV_RANDOM for a random workload and FADV_SEQUENTIAL otherwise.
enum class FadviseHint : std::uint8_t { kNone, kWorkload, kSequential, kRandom };

struct JobOptions {
  // Identity and where it was defined (for messages: "job.fio:12").
  std::string name;
  std::string description;
  std::string defined_at;
  int numjobs = 1;
  bool stonewall = false;  // wait for every earlier job before starting (also new_group)
  bool new_group = false;
  std::string wait_for;  // start when every thread of the job of this name has ended ("": no)
  UnifiedRw unified_rw_reporting = UnifiedRw::kNone;

  // Targets.
  std::vector<std::string> filenames;  // filename=a:b:c (":" escaped as "\:")
  std::string directory;
  std::string filename_format = "$jobname.$jobnum.$filenum";
  int nrfiles = 1;
  std::optional<std::pair<std::uint64_t, std::uint64_t>> filesize;  // range; single value -> equal
  std::uint64_t size = 0;        // bytes of I/O region per job (0: the files' sizes)
  double size_percent = 0;       // size=50% of the file/device
  std::uint64_t io_size = 0;     // bytes to transfer (0: size)
  std::uint64_t number_ios = 0;  // stop after this many I/Os (0: no limit)
  std::uint64_t offset = 0;
  double offset_percent = 0;
  std::uint64_t offset_increment = 0;
  bool direct = false;
  bool sync_io = false;    // sync=1: O_SYNC
  bool invalidate = true;  // drop the page cache of the files before the job
  Fallocate fallocate = Fallocate::kNative;
  bool create_only = false;  // create_only=1
  bool overwrite = false;
  bool unlink = false;            // remove the job's regular files when the run ends (fio's)
  bool unlink_each_loop = false;  // as unlink=1 (files are kept between loops; docs/FIO.md)
  std::string file_service_type = "roundrobin";

  // Workload.
  RwMode rw;
  std::uint32_t rwmixread = 50;  // percent of reads in mixed workloads
  PerDir<std::uint32_t> bs{4096, 4096, 4096};
  std::optional<PerDir<std::pair<std::uint32_t, std::uint32_t>>> bsrange;
  PerDir<std::vector<BsSplit>> bssplit;
  bool blockalign_set = false;
  PerDir<std::uint32_t> blockalign{0, 0, 0};  // 0: bs
  RandomDistribution random_distribution;
  bool norandommap = false;
  bool randrepeat = true;
  std::optional<std::uint64_t> randseed;
  std::string random_generator = "tausworthe";

  // Queueing.
  std::string ioengine = "psync";
  std::uint32_t iodepth = 1;
  std::optional<std::uint32_t> iodepth_batch_submit;  // unset: hostmark batches (see docs)
  std::optional<std::uint32_t> iodepth_batch_complete_min;
  std::optional<std::uint32_t> iodepth_batch_complete_max;
  std::optional<std::uint32_t> iodepth_low;
  // io_uring / pvsync2 engine options.
  bool hipri = false;
  bool nowait = false;
  bool fixedbufs = false;
  bool registerfiles = false;
  bool sqthread_poll = false;
  int sqthread_poll_cpu = -1;
  std::optional<bool> nonvectored;
  bool thread = false;  // accepted; hostmark always runs jobs as threads

  // Time.
  std::uint64_t runtime_ns = 0;  // 0: until the I/O is done
  bool time_based = false;
  std::uint64_t ramp_time_ns = 0;
  std::uint64_t startdelay_ns = 0;
  std::uint32_t loops = 1;

  // Rate limits (0: none), per direction.
  PerDir<std::uint64_t> rate_bytes_per_s{0, 0, 0};
  PerDir<std::uint64_t> rate_iops{0, 0, 0};

  // Syncs.
  std::uint32_t fsync_every = 0;  // fsync=N: after every N writes
  std::uint32_t fdatasync_every = 0;
  bool end_fsync = false;
  bool fsync_on_close = false;

  // Buffer contents.
  bool refill_buffers = false;
  bool zero_buffers = false;
  bool scramble_buffers = true;
  std::uint32_t buffer_compress_percentage = 0;
  std::uint32_t buffer_compress_chunk = 512;
  std::vector<std::uint8_t> buffer_pattern;

  // Verification.
  VerifyKind verify = VerifyKind::kNone;
  bool do_verify = true;
  std::uint32_t verify_backlog = 0;
  bool verify_fatal = false;
  std::vector<std::uint8_t> verify_pattern;
  std::uint32_t verify_interval = 0;  // 0: bs
  bool verify_dump = false;  // on a mismatch, write the chunk as read and as expected to files
  // fio replays the writes to verify instead of reading its verify log back; hostmark reads its
  // write log back either way (the same blocks, each checked against its last write).
  bool experimental_verify = false;

  // Errors: fio's continue_on_error bit set (kContinueRead | kContinueWrite | kContinueVerify).
  // With a bit set, an EIO or EILSEQ (fio's non-fatal errors) of that kind is counted and the
  // job goes on; any other error still ends it.
  std::uint32_t continue_on_error = 0;
  // ignore_error=READ,WRITE,VERIFY lists: the errno values continue_on_error passes over, per
  // kind [read, write]; empty: fio's default non-fatal errors (EIO, EILSEQ).
  std::array<std::vector<int>, 2> ignore_errors;
  bool exitall = false;           // when a thread of this job ends, end the others of its group
  bool exitall_on_error = false;  // when a thread of this job fails, end the others of its group
  bool create_serialize = true;   // accepted: hostmark lays files out one after another anyway

  // Statistics.
  std::vector<double> percentile_list{1,  5,  10, 20, 30,   40,   50,    60,   70,
                                      80, 90, 95, 99, 99.5, 99.9, 99.95, 99.99};
  bool clat_percentiles = true;
  bool lat_percentiles = false;
  bool slat_percentiles = false;
  std::uint64_t bwavgtime_ns = 500'000'000;
  std::uint64_t iopsavgtime_ns = 500'000'000;
  bool disk_util = true;
  // gtod_reduce / disable_*: these are not measured and the hot path reads no clock for them.
  bool disable_lat = false;
  bool disable_clat = false;
  bool disable_slat = false;
  bool disable_bw = false;  // accepted; fio 3.33 still samples bandwidth and IOPS periodically
  bool group_reporting = false;

  // Log files (fio's write_*_log; io/fio_logs.h). Unset: no such log; "": the job's name is the
  // prefix. Written at the end of the run, relative to the working directory, as fio does.
  std::optional<std::string> bw_log, lat_log, iops_log, hist_log;
  std::string write_iolog;  // write_iolog=FILE: fio's I/O log of what each thread issued ("": none)
  std::uint32_t log_avg_msec = 0;  // 0: one line per I/O; else the mean of each window
  bool log_max = false;            // log_max_value=1: the window's maximum instead of its mean
  bool log_offset = false;         // an offset column
  bool per_job_logs = true;        // 0: one file per log kind shared by all jobs (appended to)
  std::uint32_t log_hist_msec = 0;
  std::uint32_t log_hist_coarseness = 0;  // 0..6: 2^N histogram buckets summed per column

  // Safety.
  bool readonly = false;
  bool allow_mounted_write = false;
  unsigned kb_base = 1024;  // kb_base=: 1024 or 1000; how this job's sizes were read and are shown

  // Think time, CPU placement and priorities (options_scheduling.cc).
  std::uint64_t thinktime_ns = 0;  // 0: none
  std::uint64_t thinktime_spin_ns = 0;
  std::uint32_t thinktime_blocks = 1;
  bool thinktime_on_issue = false;  // thinktime_blocks_type=issue (default: complete)
  // Flow control (io/job_flows.h): jobs of one flow_id issue I/Os in the ratio of their flow
  // weights; 0 = not in a flow. flow_sleep: the wait when ahead (0: retry at once, as fio).
  std::uint32_t flow = 0;
  std::uint32_t flow_id = 0;
  std::uint64_t flow_sleep_ns = 0;
  std::vector<std::uint32_t> cpus_allowed;  // sorted; empty: every CPU
  bool cpus_split = false;                  // cpus_allowed_policy=split: one CPU per job
  std::optional<int> nice;
  std::optional<int> ioprio_class;  // prioclass: 1 realtime, 2 best-effort, 3 idle
  std::optional<int> ioprio;        // prio: 0 (highest) to 7
  FadviseHint fadvise_hint = FadviseHint::kWorkload;

  // The options as written, in order, after ${ENV} and arithmetic expansion, for "job options"
  // in JSON output: (name, value); bare flags have an empty value.
  std::vector<std::pair<std::string, std::string>> given;
};

// What applies to the whole run rather than to one job (fio's command-line-only options).
// What the command line asks for besides running jobs.
enum class RunAction : std::uint8_t {
  kRun,      // run (or with parse_only, just check) the jobs
  kVersion,  // --version
  kHelp,     // --help, or no arguments at all
  kCmdHelp,  // --cmdhelp[=OPTION]: help_topic is the option ("" or "all": every option)
  kEngHelp,  // --enghelp[=ENGINE]: help_topic is the engine ("" lists the engines)
};

inline constexpr std::uint32_t kFioMaxJobs = 4096;  // fio's REAL_MAX_JOBS

struct RunOptions {
  RunAction action = RunAction::kRun;
  std::string help_topic;
  std::string output_format = "normal";  // normal | json | json+ | terse (comma lists allowed)
  std::string output_path;               // --output=FILE ("" = stdout)
  bool readonly = false;                 // --readonly: refuse any write or trim
  bool destructive = false;              // --destructive: write over filesystem signatures
  bool monitor = false;    // --monitor: what the disk and CPUs did during the run (hostmark)
  std::string results_db;  // --results-db=URL: where the result is saved (hostmark; "" default)
  bool no_save = false;    // --no-save: keep no result (hostmark)
  bool parse_only = false;
  std::string eta = "auto";  // auto | always | never
  std::uint64_t status_interval_ns = 0;
  std::vector<std::string> sections;  // --section=NAME (repeatable)
  int terse_version = 3;
  unsigned kb_base = 1024;
  std::uint32_t max_jobs = kFioMaxJobs;  // --max-jobs=N: checked, then ignored as fio 3.33 does
};

struct ParsedJobs {
  RunOptions run;
  std::vector<JobOptions> jobs;  // in order; numjobs not yet expanded; globals already applied
  // Options given to [global] sections and on the command line before the first --name, in
  // order, as written (fio's "global options" in JSON). Each job's own are in JobOptions::given.
  std::vector<std::pair<std::string, std::string>> global_given;
};

}  // namespace hostmark::fio
