#pragma once
// The figure people quote from `sysbench memory run`, measured beside hostmark's bandwidth so
// the two can be told apart: sysbench's defaults (1 thread, write, global scope) with its
// default 1 KiB block, and with a 1 MiB block.
#include <cstdint>

#include "commands/command.h"
#include "results/result.h"

namespace hostmark {

// Phase "sysbench-style": block_1k_mib_per_s and block_1m_mib_per_s (unit "MiB/s", binary,
// as sysbench prints), each measured for `time_per_block_ns` with hostmark's own (lean)
// per-event accounting. SIGINT/SIGTERM ends a measurement early: its figure covers the events
// that ran, the next block size is not measured, and `interrupted` is set (else left as is).
Phase measure_sysbench_style_memory(std::uint64_t time_per_block_ns, const CommandIo& io,
                                    bool& interrupted);

// Why the sysbench figure differs from the STREAM bandwidth (for result.notes).
const char* sysbench_style_memory_note();

}  // namespace hostmark
