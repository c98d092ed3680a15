"""Help and click's own words in the language of the environment, in every language."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardbase import i18n
from cardbase.cli import all_commands, main
from cardbase.textwidth import width

LANGS = {
    "es": ("es_ES.UTF-8", "Uso:", "Opciones", "Muestra este mensaje y sale.",
           "Busca las secciones de reglas", "No existe la opción", "Falta el argumento"),
    "de": ("de_DE.UTF-8", "Aufruf:", "Optionen", "Zeigt diese Hilfe an und beendet.",
           "Findet die Regelabschnitte", "Die Option '--bogus' gibt es nicht", "Argument fehlt"),
    "ja": ("ja_JP.UTF-8", "使い方:", "オプション", "このメッセージを表示して終了します。",
           "QUERY に答えるルールのセクション", "オプション '--bogus' はありません", "引数がありません"),
    "vi": ("vi_VN.UTF-8", "Cách dùng:", "Tùy chọn", "Hiện thông báo này rồi thoát.",
           "Tìm các mục luật trả lời QUERY", "Không có tùy chọn '--bogus'", "Thiếu đối số"),
}


def _env(locale: str | None) -> dict:
    env = {"LANGUAGE": None, "LC_ALL": None, "LC_MESSAGES": None, "LANG": locale}
    return env


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


# --- help and click's words -------------------------------------------------------------------

@pytest.mark.parametrize("lang", sorted(LANGS))
def test_help_is_in_the_environment_language(runner, lang):
    locale, usage, options, show_help, rule_help, no_option, missing = LANGS[lang]
    top = runner.invoke(main, ["--help"], env=_env(locale))
    assert top.exit_code == 0
    assert top.stdout.startswith(usage)
    assert rule_help[:12] in top.stdout            # the command list, shortened
    command = runner.invoke(main, ["rule", "--help"], env=_env(locale))
    assert command.exit_code == 0
    assert usage in command.stdout and f"{options}:" in command.stdout
    assert rule_help in command.stdout and show_help in command.stdout
    assert "Show this message and exit." not in command.stdout
    assert "Only rulebooks of this game." not in command.stdout     # option help translated


@pytest.mark.parametrize("lang", sorted(LANGS))
def test_command_line_errors_are_in_the_environment_language(runner, lang):
    locale, usage, _options, _show, _rule, no_option, missing = LANGS[lang]
    wrong = runner.invoke(main, ["rule", "--bogus", "x"], env=_env(locale))
    assert wrong.exit_code == 2
    assert no_option in wrong.stderr and "No such option" not in wrong.stderr
    assert len(wrong.stderr.splitlines()) == 1  # one line, in the user's words
    assert "(see `" not in wrong.stderr
    bare = runner.invoke(main, ["rule"], env=_env(locale))
    assert bare.exit_code == 2 and missing in bare.stderr


def test_every_command_help_is_translated_in_every_language(runner):
    """The help of each command differs from the English one in each language (a message
    left out of a catalog would show in English)."""
    commands = [[name] for name, cmd in all_commands().items() if not hasattr(cmd, "commands")]
    commands += [[group, name] for group, cmd in all_commands().items()
                 for name in getattr(cmd, "commands", {})]
    for args in commands:
        english = runner.invoke(main, [*args, "--help"], env=_env(None)).stdout
        for lang, (locale, *_rest) in LANGS.items():
            translated = runner.invoke(main, [*args, "--help"], env=_env(locale)).stdout
            first = english.split("\n\n")[1].strip()
            assert first not in translated, (lang, args)


def test_the_language_changes_between_runs_in_one_process(runner):
    """click builds a command's help option once; its text still follows each run's language."""
    for locale, expected in [("ja_JP.UTF-8", "このメッセージを表示して終了します。"),
                             ("de_DE.UTF-8", "Zeigt diese Hilfe an und beendet."),
                             (None, "Show this message and exit.")]:
        assert expected in runner.invoke(main, ["card", "--help"], env=_env(locale)).stdout


def test_click_still_says_every_message_we_translate():
    """A newer click that rewords a message would leave it in English: say so here."""
    import click
    from babel.messages.extract import extract_from_dir

    from cardbase.clitext import CLICK_MESSAGES

    folder = str(Path(click.__file__).parent)
    said = {m[0] if isinstance(m, tuple) else m
            for _f, _l, m, _c, _x in extract_from_dir(
                folder, [("**.py", "python")], {}, keywords={"_": None, "ngettext": (1, 2)})}
    said.add("required")   # click passes it to gettext through a variable
    ours = {m[0] if isinstance(m, tuple) else m for m in CLICK_MESSAGES}
    assert sorted(ours - said) == []


def test_japanese_help_lines_fit_the_terminal(runner):
    """Japanese help is wrapped by display columns, not characters (click's own wrapping
    would give lines twice as wide as the terminal)."""
    for args in (["--help"], ["combat", "--help"], ["can-play", "--help"]):
        out = runner.invoke(main, args, env=_env("ja_JP.UTF-8"), terminal_width=80).stdout
        assert max(width(line) for line in out.splitlines()) <= 80, args


def test_japanese_is_wrapped_at_characters_and_keeps_its_full_stops_with_them():
    from cardbase.textwidth import wrap

    lines = wrap("あいうえおかきくけこ。さしすせそ", 10)
    assert lines == ["あいうえお", "かきくけ", "こ。さしす", "せそ"]
    assert "".join(lines) == "あいうえおかきくけこ。さしすせそ"
    assert wrap("a b c", 3) == ["a b", "c"]


def test_short_help_of_a_japanese_command_is_cut_with_an_ellipsis():
    from cardbase.clitext import Command

    command = Command("x", help="データフォルダーからデータベースを構築します(アトミック：失敗した構築は何も変更しません)。")
    short = command.get_short_help_str(30)
    assert short.endswith("…") and width(short) <= 30 and short.startswith("データ")
