#include "mpi/remove_on_term.h"

#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <stdexcept>
#include <thread>

namespace hostmark::mpi {

struct RemoveOnTerm::List {
  std::vector<std::string> paths;
  std::vector<const char*> c_paths;  // into `paths`, what the handler walks
};

namespace {

// The one process-wide state a signal handler can reach; set only by RemoveOnTerm.
std::atomic<const RemoveOnTerm::List*> g_list{nullptr};
// Handlers between their start and their death: the destructor waits for none before it frees
// the lists (a handler that started never returns, so the wait ends with the process).
std::atomic<int> g_in_handler{0};
struct sigaction g_previous {};
static_assert(std::atomic<int>::is_always_lock_free);

extern "C" void remove_then_die(int sig) {
  g_in_handler.fetch_add(1);  // before the load: the destructor sees one or the other
  if (const auto* list = g_list.load()) {
    for (const char* p : list->c_paths) ::unlink(p);
  }
  // SA_RESETHAND made the disposition the default again; the signal is blocked while this
  // handler runs, so it is delivered (and ends the process) when the handler returns.
  ::raise(sig);
}

std::unique_ptr<RemoveOnTerm::List> make_list(const std::vector<std::string>& paths) {
  auto list = std::make_unique<RemoveOnTerm::List>();
  list->paths = paths;
  for (const auto& p : list->paths) list->c_paths.push_back(p.c_str());
  return list;
}

}  // namespace

RemoveOnTerm::RemoveOnTerm(const std::vector<std::string>& paths) {
  lists_.push_back(make_list(paths));
  const List* none = nullptr;
  if (!g_list.compare_exchange_strong(none, lists_.back().get()))
    throw std::logic_error("RemoveOnTerm: one at a time");
  struct sigaction sa {};
  sa.sa_handler = remove_then_die;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESETHAND;
  ::sigaction(SIGTERM, &sa, &g_previous);
}

RemoveOnTerm::~RemoveOnTerm() {
  ::sigaction(SIGTERM, &g_previous, nullptr);
  g_list.store(nullptr);
  // A handler on another thread that loaded a list before the store is still walking it; it
  // ends the process when done, so waiting here never returns in that case.
  while (g_in_handler.load() != 0) std::this_thread::yield();
}

void RemoveOnTerm::replace(const std::vector<std::string>& paths) {
  lists_.push_back(make_list(paths));
  g_list.store(lists_.back().get());
}

std::vector<std::string> missing_paths(const std::vector<std::string>& paths) {
  std::vector<std::string> out;
  for (const auto& p : paths) {
    struct stat st {};
    if (::lstat(p.c_str(), &st) == 0 || errno != ENOENT) continue;
    if (std::find(out.begin(), out.end(), p) == out.end()) out.push_back(p);
  }
  return out;
}

}  // namespace hostmark::mpi
