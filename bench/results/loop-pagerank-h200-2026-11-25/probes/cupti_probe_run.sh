# Runs cupti_probe in each mode with the libraries of the bundle in $1.
set -u
here="$(cd "$(dirname "$0")" && pwd)"
L=$(mktemp -d); cp "$1"/lib/* "$L"/; for f in "$L"/*.xz; do xz -d "$f"; done
sys_cxx="$(ldconfig -p | awk '/libstdc\+\+\.so\.6 /{print $NF; exit}')"; grep -qa GLIBCXX_3.4.30 "$sys_cxx" && rm -f "$L"/libstdc++.so.6 "$L"/libgcc_s.so.1
export LD_LIBRARY_PATH="$L"
xz -dc "$here/cupti_probe.xz" > "$L/cupti_probe"; chmod +x "$L/cupti_probe"
shift
for run in "$@"; do
  s=$(date +%s%3N); timeout 40 "$L/cupti_probe" ${run/:/ }; rc=$?; e=$(date +%s%3N)
  echo "== $run rc $rc $((e - s)) ms"
done
