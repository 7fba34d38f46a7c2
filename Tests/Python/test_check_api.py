"""scripts/check-api finds each kind of difference from UIKit's Swift API (synthetic symbol graphs)."""
import json
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "check-api"
SENDABLE = "s:s8SendableP"


def symbol(path, kind, access="open", decl="", precise=None):
    return {"identifier": {"precise": precise or "s:" + ".".join(path), "interfaceLanguage": "swift"},
            "kind": {"identifier": "swift." + kind}, "pathComponents": path, "accessLevel": access,
            "declarationFragments": [{"kind": "text", "spelling": decl}]}


def check(tmp_path, symbols, relationships=(), additions=None):
    graph = tmp_path / "Tactile.symbols.json"
    graph.write_text(json.dumps({"symbols": symbols, "relationships": list(relationships)}))
    args = [sys.executable, str(SCRIPT), "--graph", str(graph)]
    if additions is not None:
        (tmp_path / "additions.tsv").write_text("symbol\tkind\treason\n" + additions)
        args += ["--additions", str(tmp_path / "additions.tsv")]
    run = subprocess.run(args, capture_output=True, text=True)
    return run.returncode, run.stdout + run.stderr


def uiview(decl="@MainActor @preconcurrency class UIView"):
    return symbol(["UIView"], "class", decl=decl)


SENDABLE_VIEW = {"kind": "conformsTo", "source": "s:UIView", "target": SENDABLE}


def test_a_faithful_graph_passes(tmp_path):
    code, out = check(tmp_path, [uiview(), symbol(["UIView", "frame"], "property", decl="@MainActor var frame")],
                      [SENDABLE_VIEW], additions="")
    assert code == 0, out


def test_additions_are_exempt_and_relocated_ones_checked_against_their_uikit_home(tmp_path):
    symbols = [symbol(["UIResponder"], "class", decl="@MainActor @preconcurrency class UIResponder"),
               symbol(["UIResponder", "accessibilityLabel"], "property", access="public", decl="@MainActor var x"),
               symbol(["UIResponder", "tactileOnly"], "property", decl="whatever")]
    additions = ("UIResponder.accessibilityLabel\tproperty\trelocated NSObject.accessibilityLabel — test\n"
                 "UIResponder.tactileOnly\tproperty\taddition: test\n")
    code, out = check(tmp_path, symbols, [{"kind": "conformsTo", "source": "s:UIResponder", "target": SENDABLE}],
                      additions=additions)
    assert code == 1
    assert "UIResponder.accessibilityLabel (property): access is public, UIKit's is open" in out
    assert "tactileOnly" not in out


def test_access_isolation_and_sendable_differences_fail(tmp_path):
    code, out = check(tmp_path, [uiview(), symbol(["UIView", "frame"], "property", access="public", decl="var frame")])
    assert code == 1
    assert "UIView.frame (property): access is public, UIKit's is open; isolation is none, UIKit's is MainActor" in out
    assert "UIView (class): sendable is -, UIKit's is Sendable" in out


def test_main_actor_types_must_be_preconcurrency(tmp_path):
    code, out = check(tmp_path, [uiview("@MainActor class UIView")], [SENDABLE_VIEW])
    assert code == 1 and "UIView: a main-actor class must be @preconcurrency" in out


def test_unknown_and_stale_symbols_fail(tmp_path):
    code, out = check(tmp_path, [uiview(), symbol(["UIView", "madeUp"], "property", decl="@MainActor var madeUp")],
                      [SENDABLE_VIEW])
    assert code == 1
    assert "UIView.madeUp (property): not in docs/uikit-api.tsv" in out
    assert "UIWindow.inputWindowID (property): listed in docs/tactile-additions.tsv but not declared" in out


def test_overrides_compare_with_the_superclass_and_synthesized_members_are_skipped(tmp_path):
    window = symbol(["UIWindow"], "class", decl="@MainActor @preconcurrency class UIWindow")
    wrong = symbol(["UIWindow", "init(frame:)"], "init", access="public", decl="nonisolated init(frame:)")
    synthesized = symbol(["UIView", "hashValue"], "property", access="public", precise="s:x::SYNTHESIZED::s:UIView")
    code, out = check(tmp_path, [uiview(), window, wrong, synthesized],
                      [SENDABLE_VIEW, {"kind": "conformsTo", "source": "s:UIWindow", "target": SENDABLE},
                       {"kind": "inheritsFrom", "source": "s:UIWindow", "target": "s:UIView"}])
    assert "UIWindow.init(frame:) (init): isolation is nonisolated, UIKit's is MainActor" in out
    assert "hashValue" not in out
