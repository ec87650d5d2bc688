#include "mpi/phase_codec.h"

#include "mpi/wire.h"

namespace hostmark::mpi {
namespace {

void put_latency(WireWriter& w, const LatencyStats& l) {
  w.u64(l.count);
  w.u64(l.min_ns);
  w.u64(l.max_ns);
  w.f64(l.mean_ns);
  w.f64(l.stddev_ns);
  w.u64(l.sum_ns);
  w.u64(l.percentiles_ns.size());
  for (const auto& [pct, ns] : l.percentiles_ns) {
    w.f64(pct);
    w.u64(ns);
  }
}

LatencyStats get_latency(WireReader& r) {
  LatencyStats l;
  l.count = r.u64();
  l.min_ns = r.u64();
  l.max_ns = r.u64();
  l.mean_ns = r.f64();
  l.stddev_ns = r.f64();
  l.sum_ns = r.u64();
  for (std::size_t n = r.u64_bounded(); n > 0; --n) {
    const double pct = r.f64();
    l.percentiles_ns.emplace_back(pct, r.u64());
  }
  return l;
}

}  // namespace

std::string encode_phases(const std::vector<Phase>& phases) {
  WireWriter w;
  w.u64(phases.size());
  for (const auto& p : phases) {
    w.str(p.name);
    w.f64(p.duration_s);
    w.u64(p.metrics.size());
    for (const auto& m : p.metrics) {
      w.str(m.name);
      w.f64(m.value);
      w.str(m.unit);
    }
    w.boolean(p.latency.has_value());
    if (p.latency) put_latency(w, *p.latency);
    w.u64(p.latency_histogram.size());
    for (const auto& b : p.latency_histogram) {
      w.u64(b.lower_ns);
      w.u64(b.upper_ns);
      w.u64(b.count);
    }
  }
  return w.bytes();
}

std::vector<Phase> decode_phases(const std::string& bytes, const std::string& what) {
  WireReader r(bytes, what);
  std::vector<Phase> phases(r.u64_bounded());
  for (auto& p : phases) {
    p.name = r.str();
    p.duration_s = r.f64();
    for (std::size_t n = r.u64_bounded(); n > 0; --n) {
      Metric m;
      m.name = r.str();
      m.value = r.f64();
      m.unit = r.str();
      p.metrics.push_back(std::move(m));
    }
    if (r.boolean()) p.latency = get_latency(r);
    for (std::size_t n = r.u64_bounded(); n > 0; --n) {
      LatencyBucket b;
      b.lower_ns = r.u64();
      b.upper_ns = r.u64();
      b.count = r.u64();
      p.latency_histogram.push_back(b);
    }
  }
  if (!r.done()) throw Failure(run_error(what, "message from another rank has extra bytes"));
  return phases;
}

}  // namespace hostmark::mpi
