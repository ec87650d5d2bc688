#pragma once
// One factory per engine file, listed by engine_table.cc. Internal to engines/: callers use
// make_engine() from io_engine.h. A factory only records options; all setup that can fail is
// in IoEngine::prepare().
#include <memory>

#include "engines/io_engine.h"

namespace hostmark::engines::detail {

std::unique_ptr<IoEngine> make_psync(const EngineOptions& options);
std::unique_ptr<IoEngine> make_sync(const EngineOptions& options);
std::unique_ptr<IoEngine> make_pvsync2(const EngineOptions& options);
std::unique_ptr<IoEngine> make_libaio(const EngineOptions& options);
std::unique_ptr<IoEngine> make_posixaio(const EngineOptions& options);
std::unique_ptr<IoEngine> make_io_uring(const EngineOptions& options);
std::unique_ptr<IoEngine> make_mmap(const EngineOptions& options);
std::unique_ptr<IoEngine> make_null(const EngineOptions& options);

// `inner` behind the retry and continuation rules of make_engine() (see io_engine.h).
std::unique_ptr<IoEngine> make_retrying(std::unique_ptr<IoEngine> inner);

}  // namespace hostmark::engines::detail
