// sysbench 1.0.20's general options, with its names, defaults and help texts.
#include <array>

#include "commands/sysbench_tests.h"

namespace hostmark {
namespace {

constexpr std::array kGeneral = {
    SbOptionDef{"threads", SbArgType::kInt, "1", "number of threads to use"},
    SbOptionDef{"events", SbArgType::kInt, "0", "limit for total number of events"},
    SbOptionDef{"time", SbArgType::kDuration, "10", "limit for total execution time in seconds"},
    SbOptionDef{"forced-shutdown", SbArgType::kString, "off",
                "number of seconds to wait after the --time limit before forcing shutdown, or "
                "'off' to disable"},
    SbOptionDef{"thread-stack-size", SbArgType::kSize, "64K", "size of stack per thread"},
    SbOptionDef{"rate", SbArgType::kDouble, "0", "average transactions rate. 0 for unlimited rate"},
    SbOptionDef{"report-interval", SbArgType::kInt, "0",
                "periodically report intermediate statistics with a specified interval in seconds. "
                "0 disables "
                "intermediate reports"},
    SbOptionDef{"report-checkpoints", SbArgType::kList, "",
                "dump full statistics and reset all counters at specified points in time. The "
                "argument is a list of comma-separated values representing the amount of time in "
                "seconds elapsed from start of test when report checkpoint(s) must be performed. "
                "Report checkpoints are off by default."},
    SbOptionDef{"debug", SbArgType::kFlag, "off", "print more debugging info"},
    SbOptionDef{"validate", SbArgType::kFlag, "off", "perform validation checks where possible"},
    SbOptionDef{"help", SbArgType::kFlag, "off", "print help and exit"},
    SbOptionDef{"version", SbArgType::kFlag, "off", "print version and exit"},
    SbOptionDef{"config-file", SbArgType::kFile, kSbNoDefault,
                "File containing command line options"},
    SbOptionDef{"tx-rate", SbArgType::kDouble, "0", "deprecated alias for --rate"},
    SbOptionDef{"max-requests", SbArgType::kInt, "0", "deprecated alias for --events"},
    SbOptionDef{"max-time", SbArgType::kDuration, "0", "deprecated alias for --time"},
    SbOptionDef{"num-threads", SbArgType::kInt, "1", "deprecated alias for --threads"},
};

constexpr std::array kRandom = {
    SbOptionDef{"rand-type", SbArgType::kString, "special",
                "random numbers distribution {uniform,gaussian,special,pareto}"},
    SbOptionDef{"rand-spec-iter", SbArgType::kInt, "12",
                "number of iterations used for numbers generation"},
    SbOptionDef{"rand-spec-pct", SbArgType::kDouble, "1",
                "percentage of values to be treated as 'special' (for special distribution)"},
    SbOptionDef{"rand-spec-res", SbArgType::kDouble, "75",
                "percentage of 'special' values to use (for special distribution)"},
    SbOptionDef{
        "rand-seed", SbArgType::kInt, "0",
        "seed for random number generator. When 0, the current time is used as a RNG seed."},
    SbOptionDef{"rand-pareto-h", SbArgType::kDouble, "0.2", "parameter h for pareto distribution"},
};

constexpr std::array kLog = {
    SbOptionDef{"verbosity", SbArgType::kInt, "3",
                "verbosity level {5 - debug, 0 - only critical messages}"},
};

// Untitled in sysbench's --help (registered apart from the log options).
constexpr std::array kLatency = {
    SbOptionDef{"percentile", SbArgType::kDouble, "95",
                "percentile to calculate in latency statistics (1-100). Use the special value of 0 "
                "to disable "
                "percentile calculations"},
    SbOptionDef{"histogram", SbArgType::kFlag, "off", "print latency histogram in report"},
};

constexpr std::array kHostmark = {
    SbOptionDef{"rand-zipfian-exp", SbArgType::kDouble, "0.8",
                "shape parameter (exponent, theta) of --rand-type=zipfian (from sysbench 1.1)"},
    SbOptionDef{
        "warmup-time", SbArgType::kDuration, "0",
        "execute events for this many seconds with statistics disabled before the measured run"},
    SbOptionDef{"output-format", SbArgType::kString, "normal", "report format {normal,json,csv}"},
    SbOptionDef{"output", SbArgType::kString, kSbNoDefault,
                "write the report to this file instead of standard output"},
    SbOptionDef{"results-db", SbArgType::kString, kSbNoDefault,
                "save the result in this results store (a file, sqlite:PATH or postgresql://...) "
                "[$XDG_DATA_HOME/hostmark/results.db]"},
    SbOptionDef{"no-save", SbArgType::kFlag, "off", "do not save the result in the results store"},
    SbOptionDef{"monitor", SbArgType::kFlag, "off",
                "also report what the disk and the CPUs did during the run (storage tests: "
                "fileio)"},
};

// sysbench's database options: general, then each driver's (its --help lists them all).
constexpr std::array kDatabase = {
    SbOptionDef{"db-driver", SbArgType::kString, "mysql",
                "specifies database driver to use ('help' to get list of available drivers)"},
    SbOptionDef{"db-ps-mode", SbArgType::kString, "auto",
                "prepared statements usage mode {auto, disable}"},
    SbOptionDef{"db-debug", SbArgType::kFlag, "off", "print database-specific debug information"},
};

constexpr std::array kMysql = {
    SbOptionDef{"mysql-host", SbArgType::kList, "localhost", "MySQL server host"},
    SbOptionDef{"mysql-port", SbArgType::kList, "3306", "MySQL server port"},
    SbOptionDef{"mysql-socket", SbArgType::kList, kSbNoDefault, "MySQL socket"},
    SbOptionDef{"mysql-user", SbArgType::kString, "sbtest", "MySQL user"},
    SbOptionDef{"mysql-password", SbArgType::kString, "", "MySQL password"},
    SbOptionDef{"mysql-db", SbArgType::kString, "sbtest", "MySQL database name"},
    SbOptionDef{"mysql-ssl", SbArgType::kFlag, "off",
                "use SSL connections, if available in the client library"},
    SbOptionDef{"mysql-ssl-cipher", SbArgType::kString, "",
                "use specific cipher for SSL connections"},
    SbOptionDef{"mysql-compression", SbArgType::kFlag, "off",
                "use compression, if available in the client library"},
    SbOptionDef{"mysql-debug", SbArgType::kFlag, "off", "trace all client library calls"},
    SbOptionDef{"mysql-ignore-errors", SbArgType::kList, "1213,1020,1205",
                "list of errors to ignore, or \"all\""},
    SbOptionDef{"mysql-dry-run", SbArgType::kFlag, "off",
                "Dry run, pretend that all MySQL client API calls are successful without "
                "executing them"},
};

constexpr std::array kPgsql = {
    SbOptionDef{"pgsql-host", SbArgType::kString, "localhost", "PostgreSQL server host"},
    SbOptionDef{"pgsql-port", SbArgType::kInt, "5432", "PostgreSQL server port"},
    SbOptionDef{"pgsql-user", SbArgType::kString, "sbtest", "PostgreSQL user"},
    SbOptionDef{"pgsql-password", SbArgType::kString, "", "PostgreSQL password"},
    SbOptionDef{"pgsql-db", SbArgType::kString, "sbtest", "PostgreSQL database name"},
};

// hostmark's own: its SQLite driver (no server needed), TLS modes, password files.
constexpr std::array kHostmarkDatabase = {
    SbOptionDef{"sqlite-db", SbArgType::kString, "./sbtest.db", "SQLite database file"},
    SbOptionDef{"sqlite-ignore-errors", SbArgType::kList, "SQLITE_BUSY",
                "list of SQLite result names whose errors restart the event, or \"all\""},
    SbOptionDef{"mysql-ssl-mode", SbArgType::kString, kSbNoDefault,
                "SSL mode {DISABLED,PREFERRED,REQUIRED,VERIFY_CA,VERIFY_IDENTITY} (overrides "
                "--mysql-ssl)"},
    SbOptionDef{"pgsql-sslmode", SbArgType::kString, "prefer",
                "SSL mode {disable,allow,prefer,require,verify-ca,verify-full}"},
    SbOptionDef{"pgsql-ignore-errors", SbArgType::kList, "40P01,40001,23505",
                "list of SQLSTATEs whose errors restart the event, or \"all\""},
    SbOptionDef{"db-password-file", SbArgType::kString, kSbNoDefault,
                "read the MySQL/PostgreSQL password from this file's first line when "
                "--mysql-password/--pgsql-password, MYSQL_PWD/PGPASSWORD give none"},
};

// The order of sysbench's --help; commands/sysbench.cc prints them with its headings between.
constexpr std::array kCommonGroups = {
    SbOptionGroup{"General options", kGeneral},
    SbOptionGroup{"Pseudo-Random Numbers Generator options", kRandom},
    SbOptionGroup{"Log options", kLog},
    SbOptionGroup{"", kLatency},
    SbOptionGroup{"General database options", kDatabase},
    SbOptionGroup{"mysql options", kMysql},
    SbOptionGroup{"pgsql options", kPgsql},
    SbOptionGroup{"hostmark options (beyond sysbench 1.0.20)", kHostmark},
    SbOptionGroup{"hostmark database options (with no driver named: pgsql when --pgsql-* "
                  "options are given, else mysql, as sysbench)",
                  kHostmarkDatabase},
};

}  // namespace

std::span<const SbOptionGroup> sysbench_common_groups() { return kCommonGroups; }

}  // namespace hostmark
