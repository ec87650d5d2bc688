#pragma once
// What the `hostmark results` subcommands share (commands/results*.cc).
#include <CLI/CLI.hpp>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "commands/command.h"
#include "results/result_store.h"

namespace hostmark {

// Adds --results-db=URL to `app`, parsed into `url` ("" = the default file).
void add_results_db_option(CLI::App& app, std::string& url);

// The store `url` names, opened and migrated; throws Failure
// ("results store: <store>: <why>") when it cannot be. Unless `create` (import), a SQLite
// file that does not exist is that usage error, not created.
std::unique_ptr<ResultStore> open_store_or_throw(const std::string& url, bool create = false);

// "17" -> 17; usage error "result 'x': not a result id (a whole number from 1)" otherwise.
Expected<std::int64_t> parse_result_id(const std::string& text);

// Prints "hostmark: <error>" on io.err and returns its exit status (for commands that go on
// after a bad argument and report each one).
int report_error(const Error& error, const CommandIo& io);

int run_results_list(const std::vector<std::string>& args, const CommandIo& io);
int run_results_show(const std::vector<std::string>& args, const CommandIo& io);
int run_results_delete(const std::vector<std::string>& args, const CommandIo& io);
int run_results_export(const std::vector<std::string>& args, const CommandIo& io);
int run_results_import(const std::vector<std::string>& args, const CommandIo& io);

}  // namespace hostmark
