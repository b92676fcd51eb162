"""The demo's narration (what ``companion demo`` says on the page's events and in
its lines) is said in the page's language: every beat of the scripted game is a
translated sentence in German and Spanish, never the English one."""
import pytest

from companion.demo.script import build_script
from models.registry import get_game
from web.i18n import localize


@pytest.mark.parametrize("lang", ["de", "es"])
def test_every_beat_of_the_demo_is_said_in_the_pages_language(lang):
    script = build_script(get_game("GLC"))
    assert len(script.beats) >= 9
    for beat in script.beats:
        said = localize(beat.say, lang)
        assert said != str(beat.say), (lang, str(beat.say))
        assert "MISTAKE" not in said and " haunts " not in said, said
