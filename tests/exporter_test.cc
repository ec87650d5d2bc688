// `hostmark exporter`: the exposition text parsed by a small parser of the Prometheus text
// format 0.0.4, the routing rules, and the binary scraped over loopback while another client
// stalls.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <map>
#include <regex>
#include <sstream>
#include <thread>

#include "exporter/disk_metrics.h"
#include "exporter/http_server.h"
#include "exporter/process_metrics.h"
#include "monitor/disk_sample.h"

namespace hostmark::exporter {
namespace {

// Samples by "name{labels}", after checking the text against the format: every sample's
// family has one # TYPE line before it, names and labels are well formed, values are numbers.
std::map<std::string, double> parse_exposition(const std::string& text, std::string& error) {
  static const std::regex sample(
      R"(^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\]|\\.)*"(?:,[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\]|\\.)*")*\})? ([^ ]+)$)");
  static const std::regex type(R"(^# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (counter|gauge|untyped)$)");
  std::map<std::string, double> out;
  std::map<std::string, bool> typed;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    std::smatch m;
    if (line.rfind("# HELP ", 0) == 0) continue;
    if (std::regex_match(line, m, type)) {
      if (typed[m[1]]) error = "second TYPE for " + m[1].str();
      typed[m[1]] = true;
      continue;
    }
    if (!std::regex_match(line, m, sample)) {
      error = "not a sample: " + line;
      continue;
    }
    if (!typed[m[1]]) error = "no TYPE before " + m[1].str();
    std::size_t used = 0;
    const double v = std::stod(m[3], &used);
    if (used != m[3].str().size()) error = "bad value: " + line;
    out[m[1].str() + m[2].str()] = v;
  }
  if (!text.empty() && text.back() != '\n') error = "no final newline";
  return out;
}

TEST(ExporterMetricsTest, NodeExporterNamesUnitsAndFilter) {
  const auto disks = monitor::parse_proc_diskstats(
      " 254 0 vda 10 2 800 1500 20 3 1600 2500 1 3000 4000 4 1 64 12 6 9\n"
      " 254 1 vda1 9 2 700 30 19 3 1500 70 0 100 120 0 0 0 0 0 0\n"
      "   7 0 loop0 5 0 40 2 0 0 0 0 0 2 2 0 0 0 0 0 0\n"
      "   8 0 sda 1 0 8 1 0 0 0 0 0 1 1\n");
  monitor::CpuTimes cpu;
  cpu.iowait = 250;
  cpu.user = 100;
  std::string error;
  const auto m = parse_exposition(disk_metrics_text(disks, cpu, 100), error);
  EXPECT_EQ(error, "");
  EXPECT_DOUBLE_EQ(m.at("node_disk_reads_completed_total{device=\"vda\"}"), 10);
  EXPECT_DOUBLE_EQ(m.at("node_disk_read_bytes_total{device=\"vda\"}"), 800.0 * 512);
  EXPECT_DOUBLE_EQ(m.at("node_disk_read_time_seconds_total{device=\"vda\"}"), 1.5);
  EXPECT_DOUBLE_EQ(m.at("node_disk_write_time_seconds_total{device=\"vda\"}"), 2.5);
  EXPECT_DOUBLE_EQ(m.at("node_disk_io_now{device=\"vda\"}"), 1);
  EXPECT_DOUBLE_EQ(m.at("node_disk_io_time_seconds_total{device=\"vda\"}"), 3);
  EXPECT_DOUBLE_EQ(m.at("node_disk_io_time_weighted_seconds_total{device=\"vda\"}"), 4);
  EXPECT_DOUBLE_EQ(m.at("node_disk_discarded_sectors_total{device=\"vda\"}"), 64);
  EXPECT_DOUBLE_EQ(m.at("node_disk_flush_requests_total{device=\"vda\"}"), 6);
  EXPECT_DOUBLE_EQ(m.at("node_disk_reads_completed_total{device=\"sda\"}"), 1);
  // sda's kernel has no discard or flush fields: no made-up zeros.
  EXPECT_EQ(m.count("node_disk_discards_completed_total{device=\"sda\"}"), 0u);
  // Partitions and loop devices are left out, as node_exporter's default filter does.
  EXPECT_EQ(m.count("node_disk_reads_completed_total{device=\"vda1\"}"), 0u);
  EXPECT_EQ(m.count("node_disk_reads_completed_total{device=\"loop0\"}"), 0u);
  EXPECT_DOUBLE_EQ(m.at("hostmark_cpu_iowait_seconds_total"), 2.5);
  EXPECT_DOUBLE_EQ(m.at("hostmark_cpu_seconds_total{mode=\"user\"}"), 1.0);
}

TEST(ExporterMetricsTest, TopProcessesAreLabelledGaugesWithEscapedNames) {
  EXPECT_EQ(process_metrics_text({}), "");
  const std::vector<monitor::ProcessIoRate> top = {{7, "a\"b\\c\nd", "root", 4096, 0, 2.5, 0},
                                                   {9, "postgres", "pg", 0, 8192, 0, 3}};
  const std::string text = process_metrics_text(top);
  std::string error;
  const auto m = parse_exposition(text, error);
  EXPECT_EQ(error, "") << text;
  EXPECT_EQ(m.size(), 8u) << text;  // 4 families x 2 processes
  EXPECT_EQ(m.at(R"(hostmark_process_read_bytes_per_second{pid="7",comm="a\"b\\c\nd"})"), 4096);
  EXPECT_EQ(m.at(R"(hostmark_process_read_ops_per_second{pid="7",comm="a\"b\\c\nd"})"), 2.5);
  EXPECT_EQ(m.at(R"(hostmark_process_write_bytes_per_second{pid="9",comm="postgres"})"), 8192);
  EXPECT_EQ(m.at(R"(hostmark_process_write_ops_per_second{pid="9",comm="postgres"})"), 3);
  EXPECT_NE(text.find("# TYPE hostmark_process_write_ops_per_second gauge\n"), std::string::npos);
}

TEST(ExporterMetricsTest, DeviceFilter) {
  for (const char* name :
       {"ram0", "zram0", "loop12", "fd0", "sda1", "vdb3", "xvda1", "hdc2", "nvme0n1p1"})
    EXPECT_TRUE(excluded_device(name)) << name;
  for (const char* name : {"sda", "vda", "nvme0n1", "dm-0", "md0", "sr0", "mmcblk0"})
    EXPECT_FALSE(excluded_device(name)) << name;
}

TEST(ExporterHttpTest, RoutesAndAddresses) {
  EXPECT_EQ(route_request("GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n").status, 200);
  EXPECT_EQ(route_request("GET /metrics?x=1 HTTP/1.0\r\n\r\n").status, 200);
  EXPECT_EQ(route_request("POST /metrics HTTP/1.1\r\n\r\n").status, 405);
  EXPECT_EQ(route_request("GET / HTTP/1.1\r\n\r\n").status, 404);
  EXPECT_EQ(route_request("GET /metricsx HTTP/1.1\r\n\r\n").status, 404);
  EXPECT_EQ(route_request("hello\r\n\r\n").status, 400);
  EXPECT_EQ(parse_listen_address("127.0.0.1:9464").value().port, 9464);
  EXPECT_EQ(parse_listen_address("[::1]:80").value().host, "::1");
  EXPECT_EQ(parse_listen_address(":0").value().host, "127.0.0.1");
  EXPECT_FALSE(parse_listen_address("localhost"));
  EXPECT_FALSE(parse_listen_address("127.0.0.1:70000"));
}

// The exporter binary on an ephemeral loopback port, stopped with SIGINT at the end.
class ExporterProcess {
 public:
  ExporterProcess() {
    int err[2];
    if (pipe(err) != 0) return;
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, err[1], STDERR_FILENO);
    posix_spawn_file_actions_addclose(&actions, err[0]);
    std::vector<std::string> args = {HOSTMARK_BINARY, "exporter", "--listen", "127.0.0.1:0"};
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    if (posix_spawn(&pid_, HOSTMARK_BINARY, &actions, nullptr, argv.data(), environ) != 0)
      pid_ = -1;
    posix_spawn_file_actions_destroy(&actions);
    close(err[1]);
    std::string line;
    char c;
    while (pid_ > 0 && read(err[0], &c, 1) == 1 && c != '\n') line += c;
    close(err[0]);
    const auto colon = line.rfind(':');
    if (colon != std::string::npos) port_ = std::atoi(line.c_str() + colon + 1);
  }
  ~ExporterProcess() { stop(); }
  int stop() {
    if (pid_ <= 0) return -1;
    kill(pid_, SIGINT);
    int status = 0;
    waitpid(pid_, &status, 0);
    pid_ = -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  }
  int port() const { return port_; }

 private:
  pid_t pid_ = -1;
  int port_ = 0;
};

int connect_to(int port) {
  const int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_port = htons(static_cast<std::uint16_t>(port));
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) {
    close(fd);
    return -1;
  }
  return fd;
}

std::string request(int port, const std::string& text) {
  const int fd = connect_to(port);
  if (fd < 0) return "";
  if (send(fd, text.data(), text.size(), MSG_NOSIGNAL) != static_cast<ssize_t>(text.size())) {
    close(fd);
    return "";
  }
  std::string out;
  char buf[4096];
  for (ssize_t n; (n = read(fd, buf, sizeof buf)) > 0;)
    out.append(buf, static_cast<std::size_t>(n));
  close(fd);
  return out;
}

TEST(ExporterHttpTest, ScrapedOverLoopbackWhileAClientStalls) {
  ExporterProcess exporter;
  ASSERT_GT(exporter.port(), 0) << "the exporter did not say where it listens";
  // A client that connects and sends half a request, then nothing: it must not hold up others.
  const int stalled = connect_to(exporter.port());
  ASSERT_GE(stalled, 0);
  ASSERT_EQ(send(stalled, "GET /met", 8, MSG_NOSIGNAL), 8);

  const std::string ok = request(exporter.port(), "GET /metrics HTTP/1.1\r\nHost: t\r\n\r\n");
  ASSERT_EQ(ok.rfind("HTTP/1.1 200 OK\r\n", 0), 0u) << ok.substr(0, 200);
  EXPECT_NE(ok.find("Content-Type: text/plain; version=0.0.4"), std::string::npos);
  const std::string body = ok.substr(ok.find("\r\n\r\n") + 4);
  std::string error;
  const auto m = parse_exposition(body, error);
  EXPECT_EQ(error, "");
  EXPECT_TRUE(m.count("hostmark_cpu_iowait_seconds_total"));

  // After the 1 s window the exporter's own reads of /proc (syscr) make it a top process.
  std::this_thread::sleep_for(std::chrono::milliseconds(1100));
  const std::string again = request(exporter.port(), "GET /metrics HTTP/1.1\r\n\r\n");
  const auto later = parse_exposition(again.substr(again.find("\r\n\r\n") + 4), error);
  EXPECT_EQ(error, "");
  bool process = false;
  for (const auto& [key, value] : later)
    process = process || key.rfind("hostmark_process_read_ops_per_second{pid=", 0) == 0;
  EXPECT_TRUE(process) << again;

  EXPECT_EQ(request(exporter.port(), "POST /metrics HTTP/1.1\r\n\r\n").substr(0, 12),
            "HTTP/1.1 405");
  EXPECT_EQ(request(exporter.port(), "GET /other HTTP/1.1\r\n\r\n").substr(0, 12), "HTTP/1.1 404");
  close(stalled);
  EXPECT_EQ(exporter.stop(), 0);
}

}  // namespace
}  // namespace hostmark::exporter
