"""The spec's verdict rules (root `x-verdict-rules`): how an answer's bytes are read and how a verdict is reached,
beside the per-operation outcome table (x-codes, x-evidence, x-retry).

Why this module exists: every rule a verdict function applies must be stated in the spec, so that a client
written from the shipped artifacts alone decides as ours do. The generator renders these rules into the generated
package (`outcomes.py`: READING, JUDGING, which merchant_gateway.verdicts applies), into operations.json
(`outcomes.rules`, which the TypeScript package applies) and into the docs ("Reading an answer"); it checks their
shape here so a broken rule fails generation, not a payment.
"""

from __future__ import annotations

from typing import Any

from .spec import CODE_OUTCOMES, SpecError

KEY = "x-verdict-rules"
VERDICTS = (
    "succeeded",
    "accepted",
    "pending",
    "failed",
    "rejected",
    "duplicate",
    "rate-limited",
    "unknown",
    "unreadable",
    "unconfirmed",
    "not-found",
    "not-yet-found",
    "not-recorded",
)
READING_KEYS = ("byte_order_mark", "encoding", "duplicate_keys", "max_depth", "max_integer_digits", "rules")
JUDGING_KEYS = (
    "doubt",
    "rate_limit",
    "needs_2xx",
    "success_false_contradicts",
    "success_true_contradicts",
    "unlisted",
    "identity",
    "final",
)


def check(rules: Any, where: str = f"#/{KEY}") -> list[str]:
    """Problems with the shape of `x-verdict-rules` (empty when it is well formed)."""
    if not isinstance(rules, dict):
        return [f"{where}: must be a map with about, verdicts, reading, judging and steps"]
    problems: list[str] = []
    if set(rules) != {"about", "verdicts", "reading", "judging", "steps"}:
        problems.append(f"{where}: must have exactly the keys about, verdicts, reading, judging, steps")
        return problems
    verdicts = rules["verdicts"]
    if not isinstance(verdicts, dict) or set(verdicts) != set(VERDICTS):
        problems.append(f"{where}/verdicts: must give a meaning to each of {VERDICTS}")
    reading = rules["reading"]
    if not isinstance(reading, dict) or set(reading) != set(READING_KEYS):
        problems.append(f"{where}/reading: must have the keys {READING_KEYS}")
    else:
        if reading["byte_order_mark"] not in ("strip", "refuse"):
            problems.append(f"{where}/reading/byte_order_mark: strip or refuse")
        if reading["encoding"] != "utf-8":
            problems.append(f"{where}/reading/encoding: utf-8 (RFC 8259)")
        if reading["duplicate_keys"] != "unreadable":
            problems.append(f"{where}/reading/duplicate_keys: unreadable (the only rule every language can keep)")
        for name in ("max_depth", "max_integer_digits"):
            if not isinstance(reading[name], int) or isinstance(reading[name], bool) or reading[name] < 2:
                problems.append(f"{where}/reading/{name}: an integer of 2 or more")
        problems += _check_steps(reading["rules"], f"{where}/reading/rules")
    judging = rules["judging"]
    if not isinstance(judging, dict) or set(judging) != set(JUDGING_KEYS):
        problems.append(f"{where}/judging: must have the keys {JUDGING_KEYS}")
    else:
        problems += _check_judging(judging, f"{where}/judging")
    problems += _check_steps(rules["steps"], f"{where}/steps")
    return problems


def _outcomes_ok(value: Any, allowed: tuple[str, ...]) -> bool:
    return isinstance(value, list) and bool(value) and all(v in allowed for v in value)


def _check_judging(judging: dict[str, Any], where: str) -> list[str]:
    problems: list[str] = []
    doubt = judging["doubt"]
    if doubt != {"may_move_money": "unknown", "otherwise": "unreadable"}:
        problems.append(f"{where}/doubt: may_move_money is unknown and otherwise unreadable")
    limit = judging["rate_limit"]
    if (
        not isinstance(limit, dict)
        or set(limit) != {"status", "codes"}
        or not isinstance(limit["status"], int)
        or not (isinstance(limit["codes"], list) and all(isinstance(c, str) and c for c in limit["codes"]))
    ):
        problems.append(f"{where}/rate_limit: {{status: <int>, codes: [<code>, ...]}}")
    for name in ("needs_2xx", "success_false_contradicts", "success_true_contradicts"):
        if not _outcomes_ok(judging[name], CODE_OUTCOMES):
            problems.append(f"{where}/{name}: a non-empty list of {CODE_OUTCOMES}")
    if not _outcomes_ok(judging["final"], VERDICTS):
        problems.append(f"{where}/final: a non-empty list of {VERDICTS}")
    unlisted = judging["unlisted"]
    if (
        not isinstance(unlisted, dict)
        or set(unlisted) != {"safe", "otherwise", "categories"}
        or unlisted["safe"] not in CODE_OUTCOMES
        or unlisted["otherwise"] not in CODE_OUTCOMES
        or not isinstance(unlisted["categories"], dict)
        or any(v not in CODE_OUTCOMES for v in unlisted["categories"].values())
    ):
        problems.append(f"{where}/unlisted: {{safe: <outcome>, otherwise: <outcome>, categories: {{<category>: ...}}}}")
    identity = judging["identity"]
    if not isinstance(identity, dict) or not identity or any(t not in ("string", "integer") for t in identity.values()):
        problems.append(f"{where}/identity: data field -> string | integer")
    return problems


def _check_steps(steps: Any, where: str) -> list[str]:
    if not isinstance(steps, list) or not steps:
        return [f"{where}: a non-empty list of {{id, rule}}"]
    problems: list[str] = []
    seen: set[str] = set()
    for i, step in enumerate(steps):
        if not isinstance(step, dict) or set(step) != {"id", "rule"}:
            problems.append(f"{where}/{i}: must have exactly the keys id, rule")
            continue
        if not isinstance(step["id"], str) or not step["id"] or step["id"] in seen:
            problems.append(f"{where}/{i}: id {step['id']!r} is not a new non-empty string")
        seen.add(str(step["id"]))
        if not isinstance(step["rule"], str) or not step["rule"].strip():
            problems.append(f"{where}/{i}: rule must be a non-empty string")
    return problems


def verdict_rules(spec: dict[str, Any]) -> dict[str, Any]:
    """The document's `x-verdict-rules`, checked. Raises SpecError when absent or malformed: no verdict can be
    decided without them."""
    rules = spec.get(KEY)
    problems = check(rules)
    if problems:
        raise SpecError("; ".join(problems))
    assert isinstance(rules, dict)
    return rules


def step_ids(rules: dict[str, Any]) -> list[str]:
    """Every rule id, reading rules first, in the order a client applies them."""
    return [s["id"] for s in rules["reading"]["rules"]] + [s["id"] for s in rules["steps"]]


DOC_START = "<!-- verdict-rules: generated by `python -m generator.outcomes --write` from spec/openapi.yaml -->"
DOC_END = "<!-- verdict-rules: end -->"


def markdown(rules: dict[str, Any]) -> str:
    """The rules as Markdown (docs/design.md, "Reading an answer")."""
    reading, judging = rules["reading"], rules["judging"]
    lines = [rules["about"], "", "| verdict | meaning |", "|---|---|"]
    lines += [f"| `{name}` | {meaning} |" for name, meaning in rules["verdicts"].items()]
    lines += [
        "",
        f"Reading (byte order mark: {reading['byte_order_mark']}; encoding: {reading['encoding']}; duplicate keys: "
        f"{reading['duplicate_keys']}; max depth: {reading['max_depth']}; max integer digits: "
        f"{reading['max_integer_digits']}):",
        "",
    ]
    lines += [f"{i}. **{s['id']}**: {s['rule']}" for i, s in enumerate(reading["rules"], 1)]
    limit = judging["rate_limit"]
    lines += [
        "",
        "Judging values: doubt is `unknown` on a call that may move money and `unreadable` otherwise; rate limit: "
        f"HTTP {limit['status']}, codes {', '.join(limit['codes'])}; needs a 2xx: {', '.join(judging['needs_2xx'])}; "
        f"`success: false` contradicts {', '.join(judging['success_false_contradicts'])}; `success: true` "
        f"contradicts {', '.join(judging['success_true_contradicts'])}; an unlisted code: "
        f"{judging['unlisted']['safe']} on a safe read, {judging['unlisted']['otherwise']} otherwise ("
        + ", ".join(f"category {c}: {o}" for c, o in judging["unlisted"]["categories"].items())
        + "); identity: "
        + ", ".join(f"{f} {t}" for f, t in judging["identity"].items())
        + f"; final verdicts: {', '.join(judging['final'])}.",
        "",
        "Steps, in order (the first that decides gives the verdict):",
        "",
    ]
    lines += [f"{i}. **{s['id']}**: {s['rule']}" for i, s in enumerate(rules["steps"], 1)]
    return "\n".join(lines) + "\n"
