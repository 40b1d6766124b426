"""``.ci/system-packages``: what ``make test`` does about missing Debian packages.

The script runs on a copy of itself next to a package list of one package that
does not exist, with ``id`` and ``apt-get`` replaced by stand-ins on ``PATH``: the
machine's own packages are never touched.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

CI = Path(__file__).resolve().parents[1] / ".ci"
MISSING = "cardtable-no-such-package"


def _stand_in(bin_dir: Path, name: str, body: str) -> None:
    path = bin_dir / name
    path.write_text(f"#!/bin/sh\n{body}\n")
    path.chmod(0o755)


def _run(tmp_path: Path, uid: int, listed: str) -> subprocess.CompletedProcess[str]:
    ci = tmp_path / "ci"
    ci.mkdir()
    shutil.copy(CI / "system-packages", ci)
    (ci / "debian-packages.txt").write_text(listed)
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    _stand_in(bin_dir, "id", f"echo {uid}")
    _stand_in(bin_dir, "apt-get", f'echo "$@" >> {tmp_path / "apt.log"}')
    path = f"{bin_dir}:/usr/bin:/bin"
    return subprocess.run(
        [ci / "system-packages"], capture_output=True, text=True, env={"PATH": path}, timeout=60
    )


def test_the_real_list_names_the_browser_packages():
    """Chromium, Firefox, and WebKit's driver with the X display it runs in."""
    listed = (CI / "debian-packages.txt").read_text().split()
    assert {"chromium", "firefox-esr", "webkit2gtk-driver", "xvfb"} <= set(listed)


def test_without_root_it_stops_naming_the_package_and_the_command(tmp_path: Path):
    done = _run(tmp_path, 1000, f"# a comment\n{MISSING}\n")
    assert done.returncode == 1
    assert f"not installed: {MISSING}" in done.stderr
    assert f"apt-get update && apt-get install -y {MISSING}" in done.stderr
    assert not (tmp_path / "apt.log").exists()


def test_as_root_it_installs_the_missing_package(tmp_path: Path):
    done = _run(tmp_path, 0, f"{MISSING}\n")
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "apt.log").read_text().splitlines() == [
        "update -q",
        f"install -y -q {MISSING}",
    ]


@pytest.mark.parametrize("uid", [0, 1000])
def test_nothing_to_do_when_every_package_is_installed(tmp_path: Path, uid: int):
    done = _run(tmp_path, uid, "bash\n")  # installed wherever this runs
    assert done.returncode == 0 and done.stderr == ""
    assert not (tmp_path / "apt.log").exists()
