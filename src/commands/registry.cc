#include <array>

#include "commands/command.h"

namespace hostmark {
namespace {

constexpr std::array kCommands = {
    CommandEntry{"suite", "run the standard set of benchmarks and save the result",
                 run_suite_command},
    CommandEntry{"results",
                 "the saved results: list, show, delete, export, import (SQLite or "
                 "PostgreSQL)",
                 run_results_command},
    CommandEntry{"cpu", "CPU score: single thread, all threads, scaling (sysbench prime work)",
                 run_cpu_command},
    CommandEntry{"memory",
                 "memory bandwidth (copy/scale/add/triad) and load latency by working set",
                 run_memory_command},
    CommandEntry{"info", "describe this host: CPU, caches, memory, kernel, virtualization, disks",
                 run_info_command},
    CommandEntry{
        "fio", "drop-in for fio 3.33: job files, engines (psync, libaio, io_uring...), fio's JSON",
        run_fio_command},
    CommandEntry{"disk",
                 "disk presets (CrystalDiskMark), hdparm-style timings, dd-style sequential tests",
                 run_disk_command},
    CommandEntry{"fs", "filesystem test like bonnie++ and mdtest: data, seeks, file metadata",
                 run_fs_command},
    CommandEntry{"cluster",
                 "IO500-like preset (not official): ior easy/hard, mdtest easy/hard, one score; "
                 "under mpirun",
                 run_cluster_command},
    CommandEntry{"db",
                 "database OLTP (sysbench's transactions) on SQLite, MariaDB/MySQL, PostgreSQL",
                 run_db_command},
    CommandEntry{
        "stat", "CPU and device statistics as iostat computes them (-x, -p, -o JSON, --sar, --mem)",
        run_stat_command},
    CommandEntry{"record",
                 "record device, CPU, memory and load samples into SQLite (sar/atop style)",
                 run_record_command},
    CommandEntry{"history", "show recorded samples as rates per interval, like sar",
                 run_history_command},
    CommandEntry{"top",
                 "per-process I/O like iotop: bytes and ops per second, IO%, block-layer totals",
                 run_top_command},
    CommandEntry{"exporter",
                 "Prometheus metrics at GET /metrics (node_exporter's disk names, CPU iowait)",
                 run_exporter_command},
    CommandEntry{"compare",
                 "results and reference machines side by side, like for like, with differences",
                 run_compare_command},
    CommandEntry{"report",
                 "self-contained HTML report with SVG charts of saved results or result files",
                 run_report_command},
    CommandEntry{"doctor",
                 "why is this machine slow? memory, load, I/O processes, storage, db: a verdict",
                 run_doctor_command},
    CommandEntry{"sysbench", "drop-in for sysbench 1.0.20 (cpu, memory, threads, mutex, fileio)",
                 run_sysbench_command},
};

}  // namespace

std::span<const CommandEntry> command_table() { return kCommands; }

const CommandEntry* find_command(std::string_view name) {
  for (const auto& c : kCommands)
    if (c.name == name) return &c;
  return nullptr;
}

}  // namespace hostmark
