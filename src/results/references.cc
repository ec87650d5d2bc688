// The built-in reference machines: the published figures of the seed articles, each under the
// key of the hostmark test that reproduces it (docs/COMPARE.md says what was left out and why).
#include "results/references.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>

#include "results/figure_keys.h"

namespace hostmark {
namespace {

namespace fk = figure_keys;

constexpr const char* kDebatty =
    "Thibault Debatty, \"Benchmark Linux systems with sysbench\" (Vietnamese translation), "
    "licence CC BY-SA 4.0";
constexpr const char* kDebattyCommands =
    "sysbench cpu run [--threads=N]; sysbench memory run; sysbench fileio --file-total-size=5G "
    "--file-num=5 --file-io-mode=async --file-fsync-freq=0 --file-test-mode=rndrd|rndwr "
    "--file-block-size=4k run, and seqrd|seqwr with --file-block-size=1M";
constexpr const char* kAlexLeo =
    "AlexLeo, \"伺服器好慢啊～ 總之來測試一下吧 – I/O 測試\" (AlexLeo 的網路小窩, 2021); no "
    "licence stated";
constexpr const char* kConsultant =
    "\"Monitoraggio, statistiche e test IOPS hard disk su Linux\" (an Italian Linux consultancy's "
    "article); no author or licence stated";

fk::FileioSettings debatty_fileio(const char* mode, std::uint64_t block_bytes) {
  fk::FileioSettings s;
  s.mode = mode;
  s.block_bytes = block_bytes;
  s.io_mode = "async";
  s.fsync_freq = 0;
  s.total_bytes = std::uint64_t{5} << 30;
  s.threads = 1;
  return s;
}

// The storage columns of the sysbench article: rnd read, rnd write, seq read, seq write MiB/s.
void debatty_storage(double rnd_read, double rnd_write, double seq_read, double seq_write,
                     std::vector<Figure>& f) {
  f.push_back(fk::sysbench_fileio(debatty_fileio("rndrd", 4096), "read", rnd_read));
  f.push_back(fk::sysbench_fileio(debatty_fileio("rndwr", 4096), "written", rnd_write));
  f.push_back(fk::sysbench_fileio(debatty_fileio("seqrd", 1u << 20), "read", seq_read));
  f.push_back(fk::sysbench_fileio(debatty_fileio("seqwr", 1u << 20), "written", seq_write));
}

// `sysbench memory run`: sysbench's defaults (1 KiB blocks, write, seq, global, 1 thread).
Figure debatty_memory(double mib_per_s) { return fk::sysbench_memory({}, mib_per_s); }

ReferenceMachine debatty(std::string id, std::string label, std::vector<Figure> figures) {
  return ReferenceMachine{std::move(id), std::move(label), kDebatty, kDebattyCommands,
                          std::move(figures)};
}

std::vector<ReferenceMachine> debatty_machines() {
  std::vector<ReferenceMachine> v;
  std::vector<Figure> f = {fk::cpu_prime(10000, 1, 3354), fk::cpu_prime(10000, 16, 33283),
                           debatty_memory(10691)};
  debatty_storage(4493, 2853, 12307, 4955, f);
  v.push_back(debatty("debatty-laptop",
                      "Laptop: Intel Core i7-1260P, LPDDR5 6400, 2TB Samsung SSD 980 PRO NVMe", f));
  f.clear();
  debatty_storage(4428, 1966, 12278, 1616, f);
  v.push_back(debatty("debatty-laptop-x8",
                      "Laptop (i7-1260P) with a 2TB Crucial X8 portable SSD (storage only)", f));
  f = {fk::cpu_prime(10000, 1, 3773), fk::cpu_prime(10000, 12, 21730), debatty_memory(10000)};
  debatty_storage(4206, 3403, 15925, 8165, f);
  v.push_back(debatty("debatty-desktop",
                      "Desktop: Intel Core i5-12400F, DDR4 2133, 2TB Samsung SSD 990 PRO NVMe", f));
  f = {fk::cpu_prime(10000, 1, 834), fk::cpu_prime(10000, 96, 55604), debatty_memory(4525)};
  debatty_storage(1091, 48, 3326, 418, f);
  v.push_back(debatty(
      "debatty-server1",
      "Server 1: 4x Xeon E7-4830 v3, DDR4 2133, RAID controller, one 15000 rpm SAS disk", f));
  f.clear();
  debatty_storage(1055, 22, 2905, 490, f);
  v.push_back(debatty("debatty-server1-array",
                      "Server 1 with an array of 15000 rpm SAS disks (storage only)", f));
  f = {fk::cpu_prime(10000, 1, 1662), fk::cpu_prime(10000, 4, 6631),
       fk::cpu_prime(10000, 48, 42003), debatty_memory(5822)};
  debatty_storage(2615, 1453, 10472, 2736, f);
  v.push_back(debatty("debatty-server2",
                      "Server 2: AMD EPYC 7402P, DDR4 3200, RAID controller, 3 SATA SSD", f));
  f = {fk::cpu_prime(10000, 1, 1572), fk::cpu_prime(10000, 4, 5996), debatty_memory(5111)};
  debatty_storage(78, 134, 1187, 795, f);
  v.push_back(debatty("debatty-vm",
                      "VirtualBox VM on Server 2: 4 cores, 4 GB RAM, one VDI virtual disk", f));
  return v;
}

std::vector<ReferenceMachine> alexleo_machines() {
  fk::FioJobSettings randrw;  // fio's defaults where the command line gives none
  randrw.rw = "randrw";
  randrw.rwmixread = 50;
  randrw.block_bytes = 4096;
  randrw.ioengine = "psync";
  randrw.iodepth = 32;
  randrw.numjobs = 16;
  randrw.direct = false;
  // fio printed read 1470 IOPS 6023 kB/s, write 1473 IOPS 6034 kB/s; the sums are reads+writes.
  std::vector<Figure> sd = {
      fk::hdparm_disk_reads(false, 42.93), fk::fio_job(randrw, "iops", 1470 + 1473),
      fk::fio_job(randrw, "read_mb_per_s", 6.023), fk::fio_job(randrw, "write_mb_per_s", 6.034),
      fk::fio_job(randrw, "mb_per_s", 6.023 + 6.034)};
  fk::OltpSettings oltp{"read_write", "mysql", 1, 10000, 1};
  return {
      ReferenceMachine{"alexleo-pi4-sd", "Raspberry Pi 4 (4 GB): SD card (mmcblk0)", kAlexLeo,
                       "hdparm -t /dev/mmcblk0; fio --filename=fio_test --size=1G --rw=randrw "
                       "--bs=4k --iodepth=32 --numjobs=16 --thread --group_reporting "
                       "--name=fio_test (psync engine, buffered: fio's defaults)",
                       sd},
      ReferenceMachine{"alexleo-pi4-mx500",
                       "Raspberry Pi 4 (4 GB): Crucial MX500 500GB SATA SSD (sda)",
                       kAlexLeo,
                       "hdparm -t /dev/sda",
                       {fk::hdparm_disk_reads(false, 107.75)}},
      ReferenceMachine{"alexleo-pi4-mariadb",
                       "Raspberry Pi 4 (4 GB): MariaDB 10.5 (its disk not stated)",
                       kAlexLeo,
                       "sysbench 1.0.18 oltp_read_write --db-driver=mysql run (1 table of 10000 "
                       "rows, 1 thread: sysbench's defaults)",
                       {fk::oltp(oltp, "tps", 51.09), fk::oltp(oltp, "qps", 1021.75)}},
  };
}

std::vector<ReferenceMachine> consultant_machines() {
  const auto job = [](const char* rw, std::uint64_t bs, std::uint32_t numjobs) {
    fk::FioJobSettings s;
    s.rw = rw;
    s.block_bytes = bs;
    s.ioengine = "libaio";
    s.iodepth = 32;
    s.numjobs = numjobs;
    s.direct = true;
    return s;
  };
  const std::uint64_t k4 = 4096, m4 = 4u << 20;
  fk::DdWriteSettings dd{10u << 20, 1024, "none", "", "zero"};
  return {
      ReferenceMachine{
          "consultant-raidz1-nvme",
          "Server: 3x Micron 7500 NVMe in a ZFS RaidZ1 array",
          kConsultant,
          "fio --direct=1 --ioengine=libaio --iodepth=32 --group_reporting --ramp_time=4 with "
          "--rw=write --bs=4M --numjobs=10 --size=50G; --rw=read --bs=4M --numjobs=10; "
          "--rw=randwrite --bs=4k --numjobs=10 --size=4G --time_based --runtime=300; "
          "--rw=randread --bs=4k --numjobs=4",
          {fk::fio_job(job("write", m4, 10), "mb_per_s", 33300),
           fk::fio_job(job("read", m4, 10), "mb_per_s", 28700),
           fk::fio_job(job("randwrite", k4, 10), "iops", 50100),
           fk::fio_job(job("randwrite", k4, 10), "mb_per_s", 205),
           fk::fio_job(job("randread", k4, 4), "iops", 52000),
           fk::fio_job(job("randread", k4, 4), "mb_per_s", 213)}},
      ReferenceMachine{"consultant-sda",
                       "Server: its /dev/sda (device not named) and a file on its filesystem",
                       kConsultant,
                       "hdparm -tT /dev/sda; dd if=/dev/zero of=./zero.dd count=1024 bs=10M",
                       {fk::hdparm_cached_reads(17469.92), fk::hdparm_disk_reads(false, 970.63),
                        fk::dd_write(dd, 2900)}},
  };
}

std::vector<ReferenceMachine> all_references() {
  std::vector<ReferenceMachine> v = debatty_machines();
  for (auto& m : alexleo_machines()) v.push_back(std::move(m));
  for (auto& m : consultant_machines()) v.push_back(std::move(m));
  return v;
}

// |log| of the geometric mean of the performance ratios (figure / reference, inverted where
// lower is better) over the shared keys; nullopt when none is shared with positive values.
std::optional<double> distance(const std::map<std::string_view, const Figure*>& mine,
                               const ReferenceMachine& ref) {
  double log_sum = 0;
  int shared = 0;
  for (const auto& f : ref.figures) {
    const auto it = mine.find(f.key);
    if (it == mine.end() || it->second->value <= 0 || f.value <= 0) continue;
    const double ratio = it->second->value / f.value;
    log_sum += f.higher_is_better ? std::log(ratio) : -std::log(ratio);
    ++shared;
  }
  if (shared == 0) return std::nullopt;
  return std::abs(log_sum / shared);
}

}  // namespace

std::span<const ReferenceMachine> builtin_references() {
  static const std::vector<ReferenceMachine> kReferences = all_references();  // built once, const
  return kReferences;
}

const ReferenceMachine* find_reference(std::string_view id) {
  if (id.starts_with("ref:")) id.remove_prefix(4);
  for (const auto& r : builtin_references())
    if (r.id == id) return &r;
  return nullptr;
}

std::vector<const ReferenceMachine*> closest_references(const std::vector<Figure>& figures,
                                                        std::size_t n) {
  std::map<std::string_view, const Figure*> mine;
  for (const auto& f : figures) mine.emplace(f.key, &f);
  std::vector<std::pair<double, const ReferenceMachine*>> scored;
  for (const auto& r : builtin_references()) {
    if (const auto d = distance(mine, r)) scored.emplace_back(*d, &r);
  }
  std::stable_sort(scored.begin(), scored.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<const ReferenceMachine*> out;
  for (std::size_t i = 0; i < scored.size() && i < n; ++i) out.push_back(scored[i].second);
  return out;
}

}  // namespace hostmark
