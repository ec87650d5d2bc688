// The option table's assembly and lookups, and the list of fio options hostmark does not
// implement (fio 3.33's `fio --cmdhelp=all`, their aliases and the engine options of
// `fio --enghelp=<engine>`, less the ones in options_*.cc).
#include "fio/option_table.h"

#include <algorithm>
#include <array>
#include <vector>

namespace hostmark::fio {
namespace {

// Sorted, for binary search.
constexpr auto kUnimplementedJobOptions = std::to_array<std::string_view>({
    "allow_file_create",
    "allrandrepeat",
    "arguments",
    "atomic",
    "bindname",
    "block_error_percentiles",
    "blocksize_unaligned",
    "brick",
    "bs_unaligned",
    "busy_poll",
    "cgroup",
    "cgroup_nodelete",
    "cgroup_weight",
    "clientname",
    "clocksource",
    "clustername",
    "cmd_type",
    "cmdprio",
    "cmdprio_bssplit",
    "cmdprio_class",
    "cmdprio_percentage",
    "conf",
    "cpuchunks",
    "cpuload",
    "cpumask",
    "cpumode",
    "cpus_allowed",
    "cpus_allowed_policy",
    "create_fsync",
    "create_on_open",
    "create_serialize",
    "dedupe_global",
    "dedupe_mode",
    "dedupe_percentage",
    "dedupe_working_set_percentage",
    "disable_bw",
    "disable_bw_measurement",
    "disable_clat",
    "disable_lat",
    "disable_slat",
    "donorname",
    "error_dump",
    "exec_postrun",
    "exec_prerun",
    "exit_on_io_done",
    "exit_what",
    "exitall",
    "exitall_on_error",
    "experimental_verify",
    "fadvise_hint",
    "file_append",
    "fill_device",
    "fill_fs",
    "flow",
    "flow_id",
    "flow_sleep",
    "force_async",
    "gid",
    "grace_time",
    "gtod_cpu",
    "gtod_reduce",
    "hipri_percentage",
    "hostname",
    "hugepage-size",
    "ignore_error",
    "ignore_zone_limits",
    "inplace",
    "interface",
    "io_submit_mode",
    "iomem",
    "ioscheduler",
    "job_max_open_zones",
    "latency_percentile",
    "latency_run",
    "latency_target",
    "latency_window",
    "listen",
    "lockfile",
    "lockmem",
    "log_alternate_epoch",
    "log_alternate_epoch_clock_id",
    "log_compression",
    "log_compression_cpus",
    "log_entries",
    "log_prio",
    "log_store_compressed",
    "log_unix_epoch",
    "max_latency",
    "max_open_zones",
    "mem",
    "merge_blktrace_file",
    "merge_blktrace_iters",
    "merge_blktrace_scalars",
    "mss",
    "nice",
    "nodelay",
    "numa_cpu_nodes",
    "numa_mem_policy",
    "offset_align",
    "opendir",
    "openfiles",
    "percentage_random",
    "pingpong",
    "pool",
    "port",
    "pre_read",
    "prio",
    "prioclass",
    "profile",
    "program",
    "protocol",
    "rate_cycle",
    "rate_ignore_thinktime",
    "rate_iops_min",
    "rate_min",
    "rate_process",
    "ratecycle",
    "ratemin",
    "rbdname",
    "read_beyond_wp",
    "read_iolog",
    "read_iolog_chunked",
    "readfua",
    "replay_align",
    "replay_no_stall",
    "replay_redirect",
    "replay_scale",
    "replay_skip",
    "replay_time_scale",
    "rw_sequencer",
    "serialize_overlap",
    "sg_write_mode",
    "significant_figures",
    "single-instance",
    "skip_bad",
    "ss",
    "ss_dur",
    "ss_ramp",
    "stat_type",
    "stats",
    "std_redirect",
    "steadystate",
    "steadystate_duration",
    "steadystate_ramp_time",
    "stream_id",
    "sync_file_range",
    "thinktime",
    "thinktime_blocks",
    "thinktime_blocks_type",
    "thinktime_iotime",
    "thinktime_spin",
    "thp",
    "touch_objects",
    "trim_backlog",
    "trim_backlog_batch",
    "trim_percentage",
    "trim_verify_zero",
    "ttl",
    "uid",
    "uncached",
    "unified_rw_reporting",
    "unique_filename",
    "unit_base",
    "unlink_each_loop",
    "uri",
    "userspace_reap",
    "verb",
    "verify_async",
    "verify_backlog_batch",
    "verify_dump",
    "verify_offset",
    "verify_only",
    "verify_state_load",
    "verify_state_save",
    "volume",
    "wait_for",
    "window_size",
    "write_barrier",
    "write_hint",
    "write_iolog",
    "writefua",
    "zone_reset_frequency",
    "zone_reset_threshold",
    "zonecapacity",
    "zonemode",
    "zonerange",
    "zonesize",
    "zoneskip",
});

std::vector<OptionDef> assemble() {
  std::vector<OptionDef> all;
  for (auto part : {job_and_file_options(), workload_options(), data_options(), log_options()}) {
    all.insert(all.end(), part.begin(), part.end());
  }
  return all;
}

}  // namespace

std::string_view value_kind_name(ValueKind kind) {
  switch (kind) {
    case ValueKind::kFlag: return "empty or boolean value ([0|1])";
    case ValueKind::kBool: return "boolean value (0 or 1)";
    case ValueKind::kInt: return "integer value";
    case ValueKind::kSize: return "size with k/m/g/t/p postfix";
    case ValueKind::kSizePercent: return "size with k/m/g/t/p postfix, or N%";
    case ValueKind::kPerDirSize: return "one to three sizes (read,write,trim)";
    case ValueKind::kRange: return "size range (1k-4k)";
    case ValueKind::kPerDirRange: return "one to three ranges (1k-4k[,4k-8k[,1k-8k]])";
    case ValueKind::kTime: return "time with postfix (10s, 100ms; bare: seconds)";
    case ValueKind::kString: return "string";
    case ValueKind::kChoice: return "one of a fixed set of strings";
    case ValueKind::kFloatList: return "list of floating point values separated by ':'";
    case ValueKind::kPattern: return "pattern (0xHEX, \"string\", decimal)";
    case ValueKind::kList: return "list separated by ':'";
  }
  return "value";
}

std::span<const OptionDef> option_table() {
  static const std::vector<OptionDef> kAll = assemble();
  return kAll;
}

const OptionDef* find_option(std::string_view name) {
  for (const OptionDef& def : option_table()) {
    if (def.name == name || (!def.alias.empty() && def.alias == name)) return &def;
  }
  return nullptr;
}

bool is_unimplemented_fio_option(std::string_view name) {
  return std::binary_search(kUnimplementedJobOptions.begin(), kUnimplementedJobOptions.end(), name);
}

}  // namespace hostmark::fio
