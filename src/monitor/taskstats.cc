// Generic netlink by hand (no libnl): a request is nlmsghdr + genlmsghdr + attributes, the
// answer the same, with nested attributes holding struct taskstats. See the kernel's
// Documentation/accounting/taskstats.rst.
#include "monitor/taskstats.h"

#include <linux/genetlink.h>
#include <linux/netlink.h>
#include <linux/taskstats.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string_view>

#include "monitor/proc_file.h"

namespace hostmark::monitor {
namespace {

constexpr int kCapNetAdmin = 12;  // linux/capability.h

// A request message: header, genl header, and room for one small attribute.
struct Request {
  nlmsghdr nl;
  genlmsghdr genl;
  char attrs[64];
};

// Appends attribute `type` with `len` bytes of `data` to `req`.
void add_attr(Request& req, std::uint16_t type, const void* data, std::size_t len) {
  auto* attr =
      reinterpret_cast<nlattr*>(reinterpret_cast<char*>(&req) + NLMSG_ALIGN(req.nl.nlmsg_len));
  attr->nla_type = type;
  attr->nla_len = static_cast<std::uint16_t>(NLA_HDRLEN + len);
  std::memcpy(reinterpret_cast<char*>(attr) + NLA_HDRLEN, data, len);
  req.nl.nlmsg_len =
      static_cast<std::uint32_t>(NLMSG_ALIGN(req.nl.nlmsg_len) + NLA_ALIGN(attr->nla_len));
}

// Sends `req` and receives one answer into `buf`; returns its length, or -errno (a netlink
// error message becomes its -errno).
ssize_t exchange(int fd, Request& req, char* buf, std::size_t size) {
  sockaddr_nl kernel{};
  kernel.nl_family = AF_NETLINK;
  for (;;) {
    const ssize_t n =
        sendto(fd, &req, req.nl.nlmsg_len, 0, reinterpret_cast<sockaddr*>(&kernel), sizeof kernel);
    if (n >= 0) break;
    if (errno != EINTR) return -errno;
  }
  for (;;) {
    const ssize_t n = recv(fd, buf, size, 0);  // SO_RCVTIMEO: an answer that never comes ends
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return -errno;
    const auto* hdr = reinterpret_cast<const nlmsghdr*>(buf);
    if (!NLMSG_OK(hdr, static_cast<unsigned>(n))) return -EBADMSG;
    if (hdr->nlmsg_type != NLMSG_ERROR && hdr->nlmsg_len < NLMSG_LENGTH(GENL_HDRLEN))
      return -EBADMSG;  // too short for the generic netlink header the callers skip
    if (hdr->nlmsg_seq != req.nl.nlmsg_seq) continue;  // a stale answer to an earlier request
    if (hdr->nlmsg_type == NLMSG_ERROR) {
      const auto* err = static_cast<const nlmsgerr*>(NLMSG_DATA(hdr));
      return err->error != 0 ? err->error : -ENODATA;
    }
    return n;
  }
}

// Calls f(attr) for each attribute in [data, data + len).
template <class F>
void for_each_attr(const char* data, std::size_t len, F&& f) {
  while (len >= NLA_HDRLEN) {
    const auto* attr = reinterpret_cast<const nlattr*>(data);
    if (attr->nla_len < NLA_HDRLEN || attr->nla_len > len) return;
    f(attr);
    const std::size_t step = NLA_ALIGN(attr->nla_len);
    if (step >= len) return;
    data += step;
    len -= step;
  }
}

const char* payload(const nlattr* a) { return reinterpret_cast<const char*>(a) + NLA_HDRLEN; }
std::size_t payload_len(const nlattr* a) { return a->nla_len - NLA_HDRLEN; }

Request make_request(std::uint16_t family, std::uint8_t cmd, std::uint32_t seq) {
  Request req{};
  req.nl.nlmsg_len = NLMSG_LENGTH(GENL_HDRLEN);
  req.nl.nlmsg_type = family;
  req.nl.nlmsg_flags = NLM_F_REQUEST;
  req.nl.nlmsg_seq = seq;
  req.nl.nlmsg_pid = 0;
  req.genl.cmd = cmd;
  req.genl.version = 1;
  return req;
}

// Aligned room for one answer (struct taskstats is ~400 bytes).
struct AnswerBuffer {
  alignas(nlmsghdr) char bytes[8192];
};

}  // namespace

DelayAccounting read_delay_accounting(const std::string& root) {
  std::string text;
  if (read_proc_text(root + "/proc/sys/kernel/task_delayacct", text) != 0) {
    return DelayAccounting::kUnknown;
  }
  return !text.empty() && text[0] == '1' ? DelayAccounting::kOn : DelayAccounting::kOff;
}

bool has_net_admin(const std::string& root) {
  std::string text;
  if (read_proc_text(root + "/proc/self/status", text) != 0) return false;
  const auto pos = text.find("\nCapEff:");
  if (pos == std::string::npos) return false;
  std::uint64_t caps = 0;
  std::string_view hex = std::string_view(text).substr(pos + 8);
  while (!hex.empty() && (hex.front() == ' ' || hex.front() == '\t')) hex.remove_prefix(1);
  for (const char c : hex) {
    const int digit = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
    if (digit < 0) break;
    caps = caps << 4 | static_cast<std::uint64_t>(digit);
  }
  return (caps >> kCapNetAdmin & 1u) != 0;
}

Expected<std::shared_ptr<TaskstatsClient>> TaskstatsClient::open() {
  const int fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_GENERIC);
  if (fd < 0) return run_error("taskstats", std::strerror(errno));
  const timeval answer_timeout{1, 0};  // recv() gives EAGAIN instead of waiting forever
  setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &answer_timeout, sizeof answer_timeout);
  sockaddr_nl local{};
  local.nl_family = AF_NETLINK;
  if (bind(fd, reinterpret_cast<sockaddr*>(&local), sizeof local) != 0) {
    const int err = errno;
    close(fd);
    return run_error("taskstats", std::strerror(err));
  }
  Request req = make_request(GENL_ID_CTRL, CTRL_CMD_GETFAMILY, 1);
  add_attr(req, CTRL_ATTR_FAMILY_NAME, TASKSTATS_GENL_NAME, sizeof TASKSTATS_GENL_NAME);
  AnswerBuffer buf;
  const ssize_t n = exchange(fd, req, buf.bytes, sizeof buf.bytes);
  if (n < 0) {
    close(fd);
    return run_error("taskstats", n == -ENOENT ? "the kernel has no taskstats family"
                                               : std::strerror(static_cast<int>(-n)));
  }
  std::uint16_t family = 0;
  const auto* hdr = reinterpret_cast<const nlmsghdr*>(buf.bytes);
  const char* attrs = static_cast<const char*>(NLMSG_DATA(hdr)) + GENL_HDRLEN;
  const std::size_t attrs_len = hdr->nlmsg_len - NLMSG_LENGTH(GENL_HDRLEN);
  for_each_attr(attrs, attrs_len, [&](const nlattr* a) {
    if (a->nla_type == CTRL_ATTR_FAMILY_ID && payload_len(a) >= sizeof family) {
      std::memcpy(&family, payload(a), sizeof family);
    }
  });
  if (family == 0) {
    close(fd);
    return run_error("taskstats", "no family id in the kernel's answer");
  }
  return std::shared_ptr<TaskstatsClient>(new TaskstatsClient(fd, family));
}

TaskstatsClient::~TaskstatsClient() {
  if (fd_ >= 0) close(fd_);
}

std::optional<DelayCounters> TaskstatsClient::query(int pid, bool thread) {
  Request req = make_request(family_, TASKSTATS_CMD_GET, ++seq_);
  const auto id = static_cast<std::uint32_t>(pid);
  add_attr(req, thread ? TASKSTATS_CMD_ATTR_PID : TASKSTATS_CMD_ATTR_TGID, &id, sizeof id);
  AnswerBuffer buf;
  const ssize_t n = exchange(fd_, req, buf.bytes, sizeof buf.bytes);
  if (n < 0) {
    last_errno_ = static_cast<int>(-n);
    return std::nullopt;
  }
  const auto* hdr = reinterpret_cast<const nlmsghdr*>(buf.bytes);
  const char* attrs = static_cast<const char*>(NLMSG_DATA(hdr)) + GENL_HDRLEN;
  const std::size_t attrs_len = hdr->nlmsg_len - NLMSG_LENGTH(GENL_HDRLEN);
  std::optional<DelayCounters> found;
  for_each_attr(attrs, attrs_len, [&](const nlattr* aggr) {
    if (aggr->nla_type != TASKSTATS_TYPE_AGGR_PID && aggr->nla_type != TASKSTATS_TYPE_AGGR_TGID) {
      return;
    }
    for_each_attr(payload(aggr), payload_len(aggr), [&](const nlattr* a) {
      if (a->nla_type != TASKSTATS_TYPE_STATS) return;
      // The kernel's struct may be older (shorter) or newer (longer) than this header's; the
      // delay totals sit in its first, version-1 part.
      taskstats stats{};
      std::memcpy(&stats, payload(a), std::min(payload_len(a), sizeof stats));
      found = DelayCounters{stats.blkio_delay_total, stats.swapin_delay_total};
    });
  });
  if (!found) last_errno_ = ENODATA;
  return found;
}

std::size_t fill_delays(TaskstatsClient& client, ProcessSnapshot& snap) {
  std::size_t refused = 0;
  for (TaskSample& t : snap.tasks) {
    t.delays = client.query(t.tid, snap.threads);
    if (!t.delays && client.last_errno() == EPERM) ++refused;
  }
  return refused;
}

}  // namespace hostmark::monitor
