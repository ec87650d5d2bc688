// The fio options hostmark refuses, and why (refused_options.h).
#include "fio/refused_options.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>

namespace hostmark::fio {
namespace {
constexpr std::string_view kWhyOtherEngine =
    "an option of an ioengine hostmark does not have (it has psync, sync, pvsync2, libaio, "
    "io_uring, mmap and null)";
constexpr std::string_view kWhyZoned = "zoned block devices (zonemode) are not supported";
constexpr std::string_view kWhyReplay =
    "replaying and recording I/O logs and blktraces is not supported";
constexpr std::string_view kWhyLogStore =
    "compressed or size-limited in-memory logs are not supported (hostmark keeps logs uncompressed "
    "until the job ends)";
constexpr std::string_view kWhyLogEpoch =
    "log times are milliseconds since the job started, as fio's default";
constexpr std::string_view kWhyPriority =
    "per-command I/O priorities are not supported (nice, prio and prioclass are)";
constexpr std::string_view kWhyPlacement =
    "NUMA placement is not supported (cpus_allowed and cpumask are; or use numactl around "
    "hostmark)";
constexpr std::string_view kWhyIsolation =
    "cgroups and running jobs as another user are not supported";
constexpr std::string_view kWhySteadyState =
    "steady-state detection is not supported (use runtime and time_based)";
constexpr std::string_view kWhyLatencyTarget = "latency targets are not supported";
constexpr std::string_view kWhyThinkTime =
    "this think time variant is not supported (thinktime, thinktime_spin, thinktime_blocks and "
    "thinktime_blocks_type are)";
constexpr std::string_view kWhyRateMin =
    "minimum rates and Poisson rate processes are not supported (rate and rate_iops are)";
constexpr std::string_view kWhyDedupe =
    "deduplicable buffers are not supported (buffer_compress_percentage is)";
constexpr std::string_view kWhyVerifyMode =
    "this verify mode is not supported (verify, do_verify, verify_backlog, verify_fatal, "
    "verify_pattern, verify_interval, verify_dump and experimental_verify are)";
constexpr std::string_view kWhyTrimVerify =
    "trimming written blocks for verification is not supported";
constexpr std::string_view kWhyStatsOff =
    "hostmark reads clock_gettime(CLOCK_MONOTONIC) on the job's thread; other clock sources, a "
    "timing thread and stats=0 are not supported (gtod_reduce and disable_* are)";
constexpr std::string_view kWhyReportFormat =
    "the normal output always uses fio 3.33's default precision and units (kb_base is supported)";
constexpr std::string_view kWhyOtherJobs =
    "running programs around a job and ending jobs outside the group are not supported (exitall "
    "and exitall_on_error are, with fio's default exit_what=group)";
constexpr std::string_view kWhyErrorClasses =
    "dumping errors is not supported (hostmark reports each job's first error; continue_on_error "
    "and ignore_error are)";
constexpr std::string_view kWhyMemory =
    "I/O buffers are always page-aligned anonymous memory (fio's mem=malloc with alignment); other "
    "memory types are not supported";
constexpr std::string_view kWhyProfile = "fio's built-in profiles are not supported";
constexpr std::string_view kWhyLayout =
    "this way of creating or choosing files is not supported (hostmark lays files out before the "
    "job starts)";
constexpr std::string_view kWhyQueueTuning = "this queueing or submission tuning is not supported";
constexpr std::string_view kWhyHints = "this kernel hint is not supported";
constexpr std::string_view kWhyOffsets = "this offset or randomness tuning is not supported";

// Sorted by name, for binary search.
constexpr auto kRefused = std::to_array<RefusedOption>({
    {"allow_file_create", kWhyLayout, "1"},
    {"allrandrepeat", kWhyOffsets, "0"},
    {"arguments", kWhyOtherEngine},
    {"atomic", kWhyHints, "0"},
    {"bindname", kWhyOtherEngine},
    {"block_error_percentiles", kWhyReportFormat, "0"},
    {"blocksize_unaligned", kWhyOffsets},
    {"brick", kWhyOtherEngine},
    {"bs_is_seq_rand", kWhyOffsets, "0"},
    {"bs_unaligned", kWhyOffsets},
    {"busy_poll", kWhyOtherEngine},
    {"cgroup", kWhyIsolation},
    {"cgroup_nodelete", kWhyIsolation, "0"},
    {"cgroup_weight", kWhyIsolation},
    {"clientname", kWhyOtherEngine},
    {"clocksource", kWhyStatsOff},
    {"clustername", kWhyOtherEngine},
    {"cmd_type", kWhyOtherEngine},
    {"cmdprio", kWhyPriority},
    {"cmdprio_bssplit", kWhyPriority},
    {"cmdprio_class", kWhyPriority},
    {"cmdprio_percentage", kWhyPriority},
    {"conf", kWhyOtherEngine},
    {"cpuchunks", kWhyOtherEngine},
    {"cpuload", kWhyOtherEngine},
    {"cpumode", kWhyOtherEngine},
    {"create_fsync", kWhyLayout, "1"},
    {"create_on_open", kWhyLayout, "0"},
    {"dedupe_global", kWhyDedupe},
    {"dedupe_mode", kWhyDedupe},
    {"dedupe_percentage", kWhyDedupe, "0"},
    {"dedupe_working_set_percentage", kWhyDedupe},
    {"donorname", kWhyOtherEngine},
    {"error_dump", kWhyErrorClasses, "0"},
    {"exec_postrun", kWhyOtherJobs},
    {"exec_prerun", kWhyOtherJobs},
    {"exit_on_io_done", kWhyOtherEngine},
    {"exit_what", kWhyOtherJobs, "group"},
    {"file_append", kWhyLayout, "0"},
    {"fill_device", kWhyLayout, "0"},
    {"fill_fs", kWhyLayout, "0"},
    {"force_async", kWhyQueueTuning},
    {"gid", kWhyIsolation},
    {"grace_time", kWhyOtherEngine},
    {"gtod_cpu", kWhyStatsOff},
    {"hipri_percentage", kWhyPriority},
    {"hostname", kWhyOtherEngine},
    {"hugepage-size", kWhyMemory},
    {"ignore_zone_limits", kWhyZoned},
    {"inplace", kWhyOtherEngine},
    {"interface", kWhyOtherEngine},
    {"io_submit_mode", kWhyQueueTuning, "inline"},
    {"iomem", kWhyMemory, "malloc"},
    {"iomem_align", kWhyMemory},
    {"ioscheduler", kWhyQueueTuning},
    {"job_max_open_zones", kWhyZoned},
    {"latency_percentile", kWhyLatencyTarget},
    {"latency_run", kWhyLatencyTarget},
    {"latency_target", kWhyLatencyTarget, "0"},
    {"latency_window", kWhyLatencyTarget},
    {"listen", kWhyOtherEngine},
    {"lockfile", kWhyLayout},
    {"lockmem", kWhyMemory, "0"},
    {"log_alternate_epoch", kWhyLogEpoch, "0"},
    {"log_alternate_epoch_clock_id", kWhyLogEpoch},
    {"log_compression", kWhyLogStore},
    {"log_compression_cpus", kWhyLogStore},
    {"log_entries", kWhyLogStore},
    {"log_prio", kWhyPriority},
    {"log_store_compressed", kWhyLogStore, "0"},
    {"log_unix_epoch", kWhyLogEpoch, "0"},
    {"max_latency", kWhyLatencyTarget},
    {"max_open_zones", kWhyZoned},
    {"mem", kWhyMemory, "malloc"},
    {"mem_align", kWhyMemory},
    {"merge_blktrace_file", kWhyReplay},
    {"merge_blktrace_iters", kWhyReplay},
    {"merge_blktrace_scalars", kWhyReplay},
    {"mss", kWhyOtherEngine},
    {"nodelay", kWhyOtherEngine},
    {"numa_cpu_nodes", kWhyPlacement},
    {"numa_mem_policy", kWhyPlacement},
    {"offset_align", kWhyOffsets, "0"},
    {"opendir", kWhyLayout},
    {"openfiles", kWhyLayout},
    {"percentage_random", kWhyOffsets, "100"},
    {"pingpong", kWhyOtherEngine},
    {"pool", kWhyOtherEngine},
    {"port", kWhyOtherEngine},
    {"pre_read", kWhyLayout, "0"},
    {"profile", kWhyProfile},
    {"program", kWhyOtherEngine},
    {"protocol", kWhyOtherEngine},
    {"rate_cycle", kWhyRateMin},
    {"rate_ignore_thinktime", kWhyThinkTime},
    {"rate_iops_min", kWhyRateMin, "0"},
    {"rate_min", kWhyRateMin, "0"},
    {"rate_process", kWhyRateMin, "linear"},
    {"ratecycle", kWhyRateMin},
    {"ratemin", kWhyRateMin},
    {"rbdname", kWhyOtherEngine},
    {"read_beyond_wp", kWhyZoned},
    {"read_iolog", kWhyReplay},
    {"read_iolog_chunked", kWhyReplay},
    {"readfua", kWhyOtherEngine},
    {"replay_align", kWhyReplay},
    {"replay_no_stall", kWhyReplay},
    {"replay_redirect", kWhyReplay},
    {"replay_scale", kWhyReplay},
    {"replay_skip", kWhyReplay},
    {"replay_time_scale", kWhyReplay},
    {"rw_sequencer", kWhyOffsets},
    {"serialize_overlap", kWhyQueueTuning, "0"},
    {"sg_write_mode", kWhyOtherEngine},
    {"significant_figures", kWhyReportFormat},
    {"single-instance", kWhyOtherEngine},
    {"skip_bad", kWhyOtherEngine},
    {"softrandommap", kWhyOffsets, "0"},
    {"ss", kWhySteadyState},
    {"ss_dur", kWhySteadyState},
    {"ss_ramp", kWhySteadyState},
    {"stat_type", kWhyOtherEngine},
    {"stats", kWhyStatsOff, "1"},
    {"std_redirect", kWhyOtherEngine},
    {"steadystate", kWhySteadyState},
    {"steadystate_duration", kWhySteadyState},
    {"steadystate_ramp_time", kWhySteadyState},
    {"stream_id", kWhyOtherEngine},
    {"sync_file_range", kWhyHints},
    {"thinktime_iotime", kWhyThinkTime, "0"},
    {"thp", kWhyMemory},
    {"touch_objects", kWhyOtherEngine},
    {"trim_backlog", kWhyTrimVerify},
    {"trim_backlog_batch", kWhyTrimVerify},
    {"trim_percentage", kWhyTrimVerify, "0"},
    {"trim_verify_zero", kWhyTrimVerify},
    {"ttl", kWhyOtherEngine},
    {"uid", kWhyIsolation},
    {"uncached", kWhyHints},
    {"unique_filename", kWhyLayout, "1"},
    {"unit_base", kWhyReportFormat},
    {"uri", kWhyOtherEngine},
    {"userspace_reap", kWhyQueueTuning},
    {"verb", kWhyOtherEngine},
    {"verify_async", kWhyVerifyMode, "0"},
    {"verify_async_cpus", kWhyVerifyMode},
    {"verify_backlog_batch", kWhyVerifyMode},
    {"verify_offset", kWhyVerifyMode},
    {"verify_only", kWhyVerifyMode},
    {"verify_state_load", kWhyVerifyMode},
    {"verify_state_save", kWhyVerifyMode},
    {"volume", kWhyOtherEngine},
    {"window_size", kWhyOtherEngine},
    {"write_barrier", kWhyHints, "0"},
    {"write_hint", kWhyHints},
    {"writefua", kWhyOtherEngine},
    {"zone_reset_frequency", kWhyZoned},
    {"zone_reset_threshold", kWhyZoned},
    {"zonecapacity", kWhyZoned},
    {"zonemode", kWhyZoned},
    {"zonerange", kWhyZoned},
    {"zonesize", kWhyZoned},
    {"zoneskip", kWhyZoned},
});

}  // namespace

std::span<const RefusedOption> refused_options() { return kRefused; }

const RefusedOption* find_refused_option(std::string_view name) {
  const auto* it = std::ranges::lower_bound(kRefused, name, {}, &RefusedOption::name);
  return it != kRefused.end() && it->name == name ? it : nullptr;
}

bool asks_for_what_hostmark_does(const RefusedOption& refused, std::string_view value) {
  const std::string_view same = refused.same_as_hostmark;
  return !same.empty() && value.size() == same.size() &&
         std::ranges::equal(value, same, [](char a, char b) {
           return std::tolower(static_cast<unsigned char>(a)) ==
                  std::tolower(static_cast<unsigned char>(b));
         });
}

std::string refused_text(const RefusedOption& refused) {
  if (refused.same_as_hostmark.empty())
    return fmt::format("not implemented by hostmark ({})", refused.why);
  return fmt::format("not implemented by hostmark ({}); only {}={} (fio's default) is accepted",
                     refused.why, refused.name, refused.same_as_hostmark);
}

}  // namespace hostmark::fio
