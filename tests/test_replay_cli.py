"""`paigow replay FILE [--profile NAME|FILE] [--key FILE|env] [--head HEX]` and `paigow round
--key`: the checks of the library's replay() on the command line (docs/table.md, "Replay").

R-SETTLE-10, R-ADMIN-02: a record is checked against the profile the operator names, its seal
against the operator's key, and its head against a head anchored elsewhere; each refusal is one
error line with exit 2, naming what differs.
"""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from cli_helpers import console_script, run_main
from paigow.cli.table_cmds import KEY_VARIABLE
from paigow.table.chain import seal


def _generic_toml() -> str:
    return (resources.files("paigow.profiles") / "generic.toml").read_text(encoding="utf-8")


def _house_profile(tmp_path: Path, file: str, rate: str = "0.05") -> Path:
    """A profile that is not bundled ('house-rules'), in a file, with the commission ``rate``."""
    text = _generic_toml().replace('name = "generic"', 'name = "house-rules"')
    lines = [
        "aliases = []" if x.startswith("aliases") else x.replace('"0.05"', f'"{rate}"')
        for x in text.splitlines()
    ]
    path = tmp_path / file
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _round(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, *args: str
) -> tuple[Path, dict[str, Any]]:
    code, out, err = run_main(["round", "--json", *args], capsys)
    assert code == 0, err
    path = tmp_path / name
    path.write_text(out, encoding="utf-8")
    return path, json.loads(out)


def _replay(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    return run_main(["replay", *args], capsys)


def _refused(capsys: pytest.CaptureFixture[str], fragment: str, *args: str) -> None:
    code, out, err = _replay(capsys, *args)
    assert code == 2, (args, out, err)
    assert err.startswith("paigow: error:") and err.count("\n") == 1, err
    assert fragment in err, err


def test_replay_takes_profile_key_and_head(capsys: pytest.CaptureFixture[str]) -> None:
    """The three options of the library's replay(profile=, key=, head=) are on the command."""
    code, out, _ = run_main(["replay", "--help"], capsys)
    assert code == 0
    for option in ("--profile NAME|FILE", "--key FILE|env", "--head HEX", "--json"):
        assert option in out


def test_the_seal_is_checked_with_the_operator_key(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """docs/table.md: `seal` is an HMAC of the head under the operator's key; `paigow round
    --key` seals, `paigow replay --key` checks; another key, or no seal, is refused."""
    key = tmp_path / "key"
    key.write_bytes(b"operator secret\n")
    sealed, record = _round(tmp_path, capsys, "sealed.json", "--seed", "3", "--key", str(key))
    head = record["chain"]["head"]
    assert record["seal"] == seal(head, b"operator secret")  # one final line end dropped
    code, out, _ = _replay(capsys, str(sealed), "--key", str(key), "--json")
    assert code == 0 and json.loads(out)["sealed"] is True
    code, out, _ = _replay(capsys, str(sealed), "--key", str(key))
    assert code == 0 and "seal checked with the key" in out
    code, out, _ = _replay(capsys, str(sealed), "--json")
    assert code == 0 and json.loads(out)["sealed"] is None
    code, out, _ = _replay(capsys, str(sealed))
    assert code == 0 and "the seal was not checked (no --key)" in out
    crlf = tmp_path / "key-crlf"
    crlf.write_bytes(b"operator secret\r\n")
    assert _replay(capsys, str(sealed), "--key", str(crlf))[0] == 0
    other = tmp_path / "other"
    other.write_bytes(b"operator secret ")
    _refused(capsys, "the seal does not match", str(sealed), "--key", str(other))
    plain, _ = _round(tmp_path, capsys, "plain.json", "--seed", "3")
    code, out, _ = _replay(capsys, str(plain), "--json")
    assert code == 0 and json.loads(out)["sealed"] is False
    _refused(capsys, "no seal", str(plain), "--key", str(key))


def test_the_key_from_the_environment(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(KEY_VARIABLE, "s3cret")
    sealed, _ = _round(tmp_path, capsys, "sealed.json", "--seed", "4", "--key", "env")
    code, out, _ = _replay(capsys, str(sealed), "--key", "env", "--json")
    assert code == 0 and json.loads(out)["sealed"] is True
    monkeypatch.setenv(KEY_VARIABLE, "another")
    _refused(capsys, "the seal does not match", str(sealed), "--key", "env")
    monkeypatch.delenv(KEY_VARIABLE)
    _refused(
        capsys, f"reads the key from {KEY_VARIABLE}, which is not set", str(sealed), "--key", "env"
    )


@pytest.mark.parametrize(
    ("content", "fragment"),
    [(None, "cannot read key file"), (b"", "the key file is empty"), (b"\n", "is empty")],
)
def test_a_key_that_cannot_be_read_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes | None, fragment: str
) -> None:
    """Never a silent default: a missing or empty key file is an error naming the file."""
    plain, _ = _round(tmp_path, capsys, "plain.json", "--seed", "3")
    key = tmp_path / "k"
    if content is not None:
        key.write_bytes(content)
    _refused(capsys, fragment, str(plain), "--key", str(key))
    code, _, err = run_main(["round", "--seed", "3", "--key", str(key)], capsys)
    assert code == 2 and fragment in err


def test_the_head_anchored_elsewhere(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """docs/table.md: a record of another round (here: of another seed, every digest and link
    its own) is refused against the head anchored for this one; the head is the 64 hex digits
    replay prints, in either case."""
    one, record = _round(tmp_path, capsys, "one.json", "--seed", "3")
    two, _ = _round(tmp_path, capsys, "two.json", "--seed", "4")
    head = record["chain"]["head"]
    code, out, _ = _replay(capsys, str(one), "--head", head.upper(), "--json")
    assert code == 0 and json.loads(out)["anchored"] is True
    code, out, _ = _replay(capsys, str(one), "--head", head)
    assert code == 0 and "chain head as anchored" in out
    code, out, _ = _replay(capsys, str(one), "--json")
    assert code == 0 and json.loads(out)["anchored"] is False
    _refused(capsys, f"is not the anchored head {head}", str(two), "--head", head)
    for bad in ("xyz", head[:-1], head + "0", "g" * 64, ""):
        _refused(
            capsys, "--head must be a chain head, 64 hexadecimal digits", str(one), "--head", bad
        )


def test_the_rules_against_the_profile_given(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A record of a profile that is not bundled replays only against its own rules: a record
    made under the same name with commission 0 passes that, and is refused against the
    operator's profile file, naming the rule; a bundled name given explicitly is checked the
    same way, and a profile of another name is refused with both names."""
    house = _house_profile(tmp_path, "house.toml")
    cheap = _house_profile(tmp_path, "cheap.toml", rate="0")
    genuine, _ = _round(tmp_path, capsys, "genuine.json", "--seed", "2", "--profile", str(house))
    forged, _ = _round(tmp_path, capsys, "forged.json", "--seed", "2", "--profile", str(cheap))
    code, out, _ = _replay(capsys, str(forged), "--json")
    assert code == 0 and "is not bundled" in json.loads(out)["profile_check"]
    code, out, _ = _replay(capsys, str(genuine), "--profile", str(house), "--json")
    assert code == 0
    assert json.loads(out)["profile_check"].startswith(
        "rules identical to the profile 'house-rules'"
    )
    _refused(
        capsys,
        "differ from the profile 'house-rules': [commission] rate: record '0', profile '0.05'",
        str(forged),
        "--profile",
        str(house),
    )
    plain, _ = _round(tmp_path, capsys, "plain.json", "--seed", "3")
    code, out, _ = _replay(capsys, str(plain), "--profile", "GENERIC")
    assert code == 0 and "rules identical to the profile 'generic'" in out
    _refused(
        capsys, "the profile 'maryland' (the record names 'generic')", str(plain), "--profile", "md"
    )
    _refused(capsys, "unknown profile 'atlantis'", str(plain), "--profile", "atlantis")
    _refused(capsys, "cannot read profile", str(plain), "--profile", str(tmp_path / "none.toml"))


def test_a_record_with_a_byte_order_mark_replays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """README: files given on the command line are UTF-8, a byte-order mark accepted."""
    _, record = _round(tmp_path, capsys, "r.json", "--seed", "3")
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(record).encode("utf-8"))
    assert _replay(capsys, str(path))[0] == 0


def test_sealed_and_anchored_through_the_console_script(tmp_path: Path) -> None:
    """The installed command, as an operator runs it: seal, then check seal and head."""
    (tmp_path / "key").write_text("operator secret\n", encoding="utf-8")
    made = console_script(["round", "--seed", "3", "--json", "--key", "key"], cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    (tmp_path / "r.json").write_text(made.stdout, encoding="utf-8")
    head = json.loads(made.stdout)["chain"]["head"]
    done = console_script(["replay", "r.json", "--key", "key", "--head", head], cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "seal checked with the key" in done.stdout and "chain head as anchored" in done.stdout
    wrong = console_script(["replay", "r.json", "--head", "0" * 64], cwd=tmp_path)
    assert wrong.returncode == 2 and "Traceback" not in wrong.stderr
