from cogs.choices import Choice
from cogs.components import MAX_ACTION_BUTTONS, actions_view, lobby_view, table_view
from cogs.custom_ids import Kind, decode
from cogs.limits import BUTTON_LABEL, COMPONENT_ROWS, CUSTOM_ID, SELECT_LABEL, SELECT_OPTIONS


def rows(view):
    return view.to_components()


def check_limits(view):
    comps = rows(view)
    assert len(comps) <= COMPONENT_ROWS
    ids = []
    for row in comps:
        items = row["components"]
        assert len(items) <= 5
        if any(i["type"] == 3 for i in items):
            assert len(items) == 1
        for item in items:
            ids.append(item["custom_id"])
            assert len(item["custom_id"]) <= CUSTOM_ID
            assert decode(item["custom_id"]) is not None
            if item["type"] == 2:
                assert len(item["label"]) <= BUTTON_LABEL
            else:
                assert len(item["options"]) <= SELECT_OPTIONS
                assert all(len(o["label"]) <= SELECT_LABEL and len(o["value"]) <= 100 for o in item["options"])
    assert len(ids) == len(set(ids))
    return comps


def test_lobby_view():
    comps = check_limits(lobby_view(3))
    labels = [i["label"] for r in comps for i in r["components"]]
    assert labels == ["Join", "Leave", "Add AI", "Remove AI", "Start", "Cancel"]
    ids = [decode(i["custom_id"]) for r in comps for i in r["components"]]
    assert [c.arg for c in ids] == ["join", "leave", "ai", "rmai", "start", "cancel"]


def test_table_view_has_take_my_turn():
    comps = check_limits(table_view(3, 17))
    (item,) = comps[0]["components"]
    assert item["label"] == "Take my turn"
    cid = decode(item["custom_id"])
    assert (cid.kind, cid.game, cid.version) == (Kind.TURN, 3, 17)


def test_few_short_actions_become_buttons_with_draft_controls():
    choices = [Choice(1, f"a{i}", f"Action {i}") for i in range(7)] + [Choice(1, "undo", "Undo step"),
                                                                      Choice(1, "confirm", "Confirm")]
    comps = check_limits(actions_view(9, 4, 1, choices))
    labels = [[i["label"] for i in r["components"]] for r in comps]
    assert labels[-1] == ["Undo step", "Confirm"]
    assert sum(len(r) for r in labels) == 9


def test_many_actions_become_a_paged_select():
    choices = [Choice(0, f"act{i}", f"Action {i}") for i in range(60)] + [Choice(0, "confirm", "Confirm")]
    comps = check_limits(actions_view(9, 4, 0, choices, page=1))
    select = comps[0]["components"][0]
    assert select["type"] == 3 and select["options"][0]["value"] == "act25"
    pagers = [i["label"] for i in comps[1]["components"]]
    assert pagers == ["◀ Previous", "Next ▶"]
    assert comps[2]["components"][0]["label"] == "Confirm"


def test_long_labels_go_to_a_select_and_long_ids_to_indexes():
    choices = [Choice(0, "x" * 80, "L" * 100), Choice(0, "y", "short")]
    comps = check_limits(actions_view(10**8, 10**6, 0, choices))
    assert comps[0]["components"][0]["type"] == 3
    few = [Choice(0, "z" * 80, "Zed")]
    comps = check_limits(actions_view(10**15, 10**12, 0, few))
    assert decode(comps[0]["components"][0]["custom_id"]).action_index == 0


def test_button_count_boundary():
    choices = [Choice(0, f"a{i}", f"A{i}") for i in range(MAX_ACTION_BUTTONS)]
    comps = check_limits(actions_view(1, 1, 0, choices))
    assert all(i["type"] == 2 for r in comps for i in r["components"])
