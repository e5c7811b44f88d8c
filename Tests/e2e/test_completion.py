"""The completion scripts in real shells, and the manual page through man(1).

bash: the script is sourced and `_authctl` called as bash's completion would call it for
`authctl si<TAB>`. zsh: an interactive zsh in a pseudo-terminal (zsh/zpty) with compinit
completes a typed line with a real TAB. fish: `complete -C` asks fish itself. Each shell also
parses the script (`-n`). The manual renders with `man -l` without warnings.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from e2e_helpers import E2E, need


def _script(cli, shell: str, directory: Path) -> Path:
    result = cli.run("completion", shell, home=False)
    assert result.returncode == 0 and result.stdout, str(result)
    path = directory / {"bash": "authctl.bash", "zsh": "_authctl", "fish": "authctl.fish"}[shell]
    path.write_text(result.stdout)
    return path


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_each_shell_parses_its_script(cli, tmp_path, shell):
    need(shutil.which(shell) is not None, f"{shell} is not installed (make test installs it)")
    script = _script(cli, shell, tmp_path)
    checked = subprocess.run([shell, "-n", str(script)], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr


@pytest.mark.parametrize(("words", "expected"), [
    ("authctl si", ["signin", "signout"]),
    ("authctl providers a", ["add"]),
    ("authctl --home /tmp providers add --client-s", ["--client-secret-stdin", "--client-secret-env"]),
    ("authctl token --provider github.com --id", ["--id-token"]),
    ("authctl nosuch --js", ["--json"]),
])
def test_bash_completes_a_typed_line(cli, tmp_path, words, expected):
    script = _script(cli, "bash", tmp_path)
    typed = words.split(" ")
    program = (f"source {script}; COMP_WORDS=({' '.join(typed)}); COMP_CWORD={len(typed) - 1}; _authctl; "
               'printf "%s\\n" "${COMPREPLY[@]}"')
    answer = subprocess.run(["bash", "--norc", "-c", program], capture_output=True, text=True)
    assert answer.returncode == 0, answer.stderr
    assert sorted(answer.stdout.split()) == sorted(expected), answer


@pytest.mark.parametrize(("words", "completed"), [
    ("authctl prov", "authctl providers "),
    ("authctl providers add --client-i", "authctl providers add --client-id "),
    ("authctl kube-credential --id", "authctl kube-credential --id-token "),
])
def test_zsh_completes_with_a_real_tab(cli, tmp_path, words, completed):
    need(shutil.which("zsh") is not None, "zsh is not installed (make test installs it)")
    _script(cli, "zsh", tmp_path)
    screen = subprocess.run(["zsh", "-f", str(E2E / "zsh_complete.zsh"), str(tmp_path), words],
                            capture_output=True, text=True, timeout=30).stdout
    visible = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]|[\r\x08]", "", screen)
    assert completed in visible, repr(screen[-400:])


def test_fish_completes_a_typed_line(cli, tmp_path):
    need(shutil.which("fish") is not None, "fish is not installed (make test installs it)")
    script = _script(cli, "fish", tmp_path)
    answer = subprocess.run(["fish", "--no-config", "-c", f"source {script}; complete -C 'authctl si'; echo ---; "
                             "complete -C 'authctl git-credential --pr'"], capture_output=True, text=True)
    first, second = answer.stdout.split("---\n")
    assert [line.split("\t")[0] for line in first.splitlines()] == ["signin", "signout"], answer
    assert [line.split("\t")[0] for line in second.splitlines()] == ["--provider"], answer


def _with_a_provider(cli) -> dict:
    """The home holds oidc.team; the completion scripts run `authctl provider-ids` from PATH."""
    added = cli.run("providers", "add", "oidc.team", "--issuer", "https://login.team.example", "--client-id", "cli",
                    "--no-check")
    assert added.returncode == 0, str(added)
    return {**cli.env, "AUTHCTL_HOME": str(cli.home), "PATH": f"{Path(cli.binary).parent}:{cli.env.get('PATH', '')}"}


@pytest.mark.parametrize(("words", "expected"), [
    ("authctl signin --provider ", ["oidc.team", "github.com", "yahoo.com", "google.com", "microsoft.com"]),
    ("authctl token --provider oidc.", ["oidc.team"]),
    ("authctl git-credential ", ["get", "store", "erase", "capability"]),
    ("authctl docker-credential e", ["erase"]),
    ("authctl completion z", ["zsh"]),
])
def test_bash_completes_provider_ids_and_helper_operations(cli, tmp_path, words, expected):
    env = _with_a_provider(cli)
    script = _script(cli, "bash", tmp_path)
    typed = words.split(" ")
    program = (f"source {script}; COMP_WORDS=({' '.join(repr(word) for word in typed)}); COMP_CWORD={len(typed) - 1}; "
               '_authctl; printf "%s\\n" "${COMPREPLY[@]}"')
    answer = subprocess.run(["bash", "--norc", "-c", program], capture_output=True, text=True, env=env)
    assert answer.returncode == 0, answer.stderr
    assert sorted(answer.stdout.split()) == sorted(expected), answer


def test_fish_and_zsh_complete_provider_ids_and_helper_operations(cli, tmp_path):
    env = _with_a_provider(cli)
    if shutil.which("fish") is not None:
        script = _script(cli, "fish", tmp_path)
        answer = subprocess.run(["fish", "--no-config", "-c", f"source {script}; complete -C 'authctl link --provider oidc.'; "
                                 "echo ---; complete -C 'authctl docker-credential '"], capture_output=True, text=True, env=env)
        first, second = answer.stdout.split("---\n")
        assert [line.split("\t")[0] for line in first.splitlines()] == ["oidc.team"], answer
        assert sorted(line.split("\t")[0] for line in second.splitlines()) == ["erase", "get", "list", "store"], answer
    need(shutil.which("zsh") is not None, "zsh is not installed (make test installs it)")
    _script(cli, "zsh", tmp_path)
    screen = subprocess.run(["zsh", "-f", str(E2E / "zsh_complete.zsh"), str(tmp_path), "authctl reauth --provider oidc.t"],
                            capture_output=True, text=True, timeout=30, env=env).stdout
    visible = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]|[\r\x08]", "", screen)
    assert "authctl reauth --provider oidc.team " in visible, repr(screen[-400:])


def test_man_renders_the_manual_page(cli, tmp_path):
    need(shutil.which("man") is not None, "man is not installed")
    page = tmp_path / "authctl.1"
    page.write_text(cli.run("manual", home=False).stdout)
    rendered = subprocess.run(["man", "--warnings", "-l", str(page)], capture_output=True, text=True,
                              env={**cli.env, "MANWIDTH": "80", "MAN_KEEP_FORMATTING": "0"})
    assert rendered.returncode == 0 and rendered.stderr == "", rendered.stderr
    text = re.sub(r".\x08", "", rendered.stdout)
    for heading in ["NAME", "SYNOPSIS", "COMMANDS", "GLOBAL OPTIONS", "EXIT STATUS", "ENVIRONMENT", "FILES"]:
        assert f"\n{heading}\n" in text
    assert "authctl git-credential" in text and "--client-secret-stdin" in text
    files = text.split("\nFILES\n")[1]
    for name in ["pending.json", "keystore.json", "providers.json", "firebase.json", "config.json", "refresh-journal.json"]:
        assert name in files, name
    assert "pending-credential" not in text
    environment = text.split("\nENVIRONMENT\n")[1].split("\nFILES\n")[0]
    for name in ["AUTHCTL_STORAGE", "BROWSER", "SSH_CONNECTION", "GITLAB_OIDC_TOKEN", "AUTHCTL_LIBCURL"]:
        assert name in environment, name
