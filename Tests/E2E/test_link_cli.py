"""`plume link …` from the outside: real links and recipes in, JSON and links out."""
import json
import random

import pytest

from reference_codec import PARAMETERS, look_link, swarm_link

EMERGENT = "emergent://?r=45673766682117&g=16799217307868&b=87608347801912"
# From Sayama's published Swarm Chemistry gallery, as his simulator prints recipes.
JELLYFISH = """Jellyfish
134 * (262.65, 12.01, 25.87, 0.97, 1.0, 56.35, 0.26, 0.61)
67 * (288.17, 6.19, 23.37, 0.95, 1.0, 1.31, 0.1, 0.9)
68 * (150.5, 12.97, 15.87, 0.46, 0.39, 57.95, 0.17, 0.48)
"""


def decode(plume, text):
    result = plume("link", "decode", stdin=text.encode())
    assert result.returncode == 0, result.stderr.decode()
    return json.loads(result.stdout)


def test_emergent_link_from_the_write_up_decodes_to_sayama_units(plume):
    state = decode(plume, EMERGENT)
    assert state["kind"] == "swarm"
    red, green, blue = state["ingredients"]
    assert red == {"population": 100, "R": 135, "Vn": 3.4, "Vm": 6.8, "c1": 0.67, "c2": 0.37, "c3": 66, "c4": 0.34, "c5": 0.21}
    assert green["R"] == 48 and green["c4"] == 0.15 and green["Vn"] == 13.6
    assert blue["R"] == 261 and blue["c3"] == 47
    assert state["link"].startswith("plume://swarm/1")


def test_sayama_recipe_text_decodes_exactly(plume):
    state = decode(plume, JELLYFISH)
    assert [i["population"] for i in state["ingredients"]] == [134, 67, 68]
    assert state["ingredients"][0]["R"] == 262.65 and state["ingredients"][2]["c3"] == 57.95
    assert state["title"] == "Jellyfish"
    assert "notes" not in state


def test_text_argument_and_stdin_agree(plume):
    from_argument = plume("link", "decode", EMERGENT)
    assert json.loads(from_argument.stdout) == decode(plume, EMERGENT)


def test_encoder_follows_the_format_as_written(plume):
    """Random states encoded by plume and by an independent Python codec give the same links."""
    rng = random.Random(7)
    # Id ranges of the shipped catalog's slots that can be worn together: tops, bottoms, coats,
    # shoes, hats, and three accessories that cover different regions.
    compatible = [range(1, 11), range(11, 19), range(26, 34), range(34, 41), range(41, 47), [47], [50], [53]]
    for _ in range(15):
        slots = rng.sample(compatible, rng.randint(0, len(compatible)))
        garments = [{"id": rng.choice(list(ids)), "colour": rng.randint(0, 3)} for ids in slots]
        look = {"kind": "look", "background": rng.randint(1, 8), "model": rng.randint(1, 4), "garments": garments}
        result = plume("link", "encode", stdin=json.dumps(look).encode())
        assert result.returncode == 0, result.stderr.decode()
        assert result.stdout.decode().strip() == look_link(look)
    for _ in range(25):
        count = rng.randint(1, 16)
        ingredients = []
        for _ in range(count):
            ingredient = {"population": rng.randint(1, 300 // count)}
            for name, top in PARAMETERS:
                ingredient[name] = rng.randint(0, top) / 100
            ingredients.append(ingredient)
        swarm = {"kind": "swarm", "ingredients": ingredients}
        result = plume("link", "encode", stdin=json.dumps(swarm).encode())
        assert result.returncode == 0, result.stderr.decode()
        link = result.stdout.decode().strip()
        assert link == swarm_link(swarm)
        assert decode(plume, link)["ingredients"] == ingredients


def test_a_worn_outfit_encodes_like_the_reference(plume):
    look = {"kind": "look", "background": 1, "model": 2, "garments": [{"id": 36, "colour": 2}, {"id": 2, "colour": 1}, {"id": 11, "colour": 0}]}
    result = plume("link", "encode", stdin=json.dumps(look).encode())
    assert result.stdout.decode().strip() == look_link(look) == "plume://look/1EQECAwIBCwAkAnOD"


def test_wrapped_quoted_email_paste_decodes(plume):
    paste = "Hi!\n> Here's my look: <plume://look/1EQECAwIB=\n> CwAkAnOD>.\n> Love, J\n"
    assert decode(plume, paste)["link"] == "plume://look/1EQECAwIBCwAkAnOD"


@pytest.mark.parametrize("paste, phrase", [
    ("plume://look/1EQECAwIBCwAkAnOE", "damaged"),
    ("plume://look/2EQECAwIBCwAkAnOD", "newer Plume"),
    ("emergent://?r=100673766682117", "15 digits"),
    ("plume://look?outfit=sunset-beach|ada|striped-tee|sundress", "both cover the torso"),
    ("just some words", "isn't a Plume link"),
])
def test_bad_links_exit_1_with_the_reason_on_stderr(plume, paste, phrase):
    result = plume("link", "decode", paste)
    assert result.returncode == 1
    assert result.stdout == b""
    assert phrase in result.stderr.decode()


def test_oversized_paste_is_refused(plume):
    result = plume("link", "decode", stdin=b"plume://look/1EQECAwIBCwAkAnOD" + b" " * 5000)
    assert result.returncode == 1
    assert "4 KiB" in result.stderr.decode()


def test_hostile_text_never_reaches_the_terminal_raw(plume):
    result = plume("link", "decode", "plume://look/1EQECAwIBCwAkAnOD?x-source=%1B%5D0%3Bpwned%07&x-success=javascript:alert(1)")
    assert result.returncode == 0
    assert b"\x1b" not in result.stdout + result.stderr and b"\x07" not in result.stdout + result.stderr
    assert "source" not in json.loads(result.stdout).get("callback", {})
    assert "x-source was left out" in result.stderr.decode()
    assert "x-success was left out" in result.stderr.decode()
    bad = plume("link", "decode", "plume://\x1b[31mevil/1abc")
    assert bad.returncode == 1 and b"\x1b" not in bad.stderr


def test_clamped_recipe_notes_go_to_stderr(plume):
    result = plume("link", "decode", stdin=b"500 * (400, 1, 1, 0.5, 0.5, 1, 0.1, 0.1)\n")
    assert result.returncode == 0
    state = json.loads(result.stdout)
    assert state["ingredients"][0]["population"] == 300 and state["ingredients"][0]["R"] == 300
    assert "R 400" in result.stderr.decode() and "500 agents" in result.stderr.decode()


def test_export_sayama_round_trips_and_emergent_states_losses(plume):
    sayama = plume("link", "export", "--format", "sayama", stdin=JELLYFISH.encode())
    assert sayama.returncode == 0
    assert sayama.stdout.decode() == "".join(JELLYFISH.splitlines(keepends=True)[1:])
    emergent = plume("link", "export", "--format", "emergent", stdin=JELLYFISH.encode())
    assert emergent.returncode == 0
    assert emergent.stdout.decode().startswith("emergent://?r=")
    assert "populations" in emergent.stderr.decode()
    again = decode(plume, emergent.stdout.decode())
    assert len(again["ingredients"]) == 3
    back = plume("link", "export", "--format", "emergent", EMERGENT)
    assert back.stdout.decode().strip() == EMERGENT and back.stderr == b""


def test_export_refuses_what_a_format_cannot_hold(plume):
    five = "\n".join(["10 * (1, 1, 1, 0.1, 0.1, 1, 0.1, 0.1)"] * 5)
    result = plume("link", "export", "--format", "emergent", five)
    assert result.returncode == 1 and "three ingredients" in result.stderr.decode()
    look = plume("link", "export", "--format", "sayama", "plume://look/1EQECAwIBCwAkAnOD")
    assert look.returncode == 1


def test_outfit_export_reads_back_as_the_same_look(plume):
    outfit = plume("link", "export", "--format", "outfit", "plume://look/1EQECAwIBCwAkAnOD").stdout.decode().strip()
    assert outfit.startswith("plume://look?outfit=sunset-beach|june|")
    assert decode(plume, outfit)["link"] == "plume://look/1EQECAwIBCwAkAnOD"


def test_encode_rejects_bad_json_plainly(plume):
    result = plume("link", "encode", stdin=b'{"kind":"swarm","ingredients":[{"population":5,"R":999,"Vn":1,"Vm":1,"c1":0,"c2":0,"c3":0,"c4":0,"c5":0}]}')
    assert result.returncode == 1 and "outside 0–300" in result.stderr.decode()
    look = plume("link", "encode", stdin=b'{"kind":"look","background":1,"model":1,"garments":[{"id":1,"colour":0},{"id":19,"colour":0}]}')
    assert look.returncode == 1 and "both cover" in look.stderr.decode()


def test_bare_plume_and_help_speak_plainly(plume):
    bare = plume()  # no terminal: the game can't start, and says where to go instead
    assert bare.returncode == 1 and b"interactive terminal" in bare.stderr and b"plume link decode" in bare.stderr
    help_text = plume("--help").stdout.decode()
    for command in ("link", "bench", "play"):
        assert command in help_text


def test_swarm_benchmark_reads_a_recipe_file_and_prints_its_figures(plume, tmp_path):
    recipe = tmp_path / "jellyfish.txt"
    recipe.write_text(JELLYFISH)
    result = plume("bench", "swarm", "--recipe", str(recipe), "--agents", "300", "--steps", "20", "--warmup", "5", "--threads", "2")
    assert result.returncode == 0, result.stderr.decode()
    last = result.stdout.decode().strip().splitlines()[-1]
    fields = dict(part.split("=") for part in last.split())
    assert list(fields) == ["agents", "steps", "threads", "agent_steps_per_s", "interactions_per_s"]
    assert fields["agents"] == "300" and fields["steps"] == "20" and fields["threads"] == "2"
    assert float(fields["agent_steps_per_s"]) > 0 and float(fields["interactions_per_s"]) > 0
    link = plume("bench", "swarm", "--recipe", "/nonexistent/recipe.txt")
    assert link.returncode == 1 and "can't read" in link.stderr.decode()
