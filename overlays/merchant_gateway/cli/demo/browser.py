"""A person on the payments page, scripted only where that is honest: a page served from this machine.

Why this module exists: on the embedded (or any local) sandbox the demo presses Pay itself, as a browser would,
and follows the page's form post back to the merchant; a gateway's own payments page is for a person, so there the
demo only says what to do (:func:`is_loopback_url` decides).
"""

from __future__ import annotations

import ipaddress
import urllib.parse
from html.parser import HTMLParser
from typing import Any

import httpx

from .runner import one_line


class _Forms(HTMLParser):
    """The forms of a page: action, method, named inputs and the values of its submit buttons."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[dict[str, Any]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form":
            self.forms.append(
                {"action": a.get("action", ""), "method": a.get("method", "get").upper(), "inputs": {}, "buttons": []}
            )
        elif self.forms and tag == "input" and a.get("name"):
            self.forms[-1]["inputs"][a["name"]] = a.get("value", "")
        elif self.forms and tag == "button" and a.get("name"):
            self.forms[-1]["buttons"].append((a["name"], a.get("value", "")))


def _forms(html: str) -> list[dict[str, Any]]:
    parser = _Forms()
    parser.feed(html)
    return parser.forms


def is_loopback_url(url: str) -> bool:
    """A page served from this machine (a local sandbox). Only such a page is ever scripted: a gateway's own
    payments page is for a person."""
    host = urllib.parse.urlsplit(url).hostname or ""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def pay_like_a_person(http: httpx.Client, page_url: str) -> str | None:
    """Open the payments page, press its Pay button and follow the page's return to the merchant, as a browser
    does. None when paid that way; otherwise why it could not be done here (then a person has to do it)."""
    try:
        page = http.get(page_url)
        if page.status_code >= 400:
            return f"the payments page answered HTTP {page.status_code}"
        for form in _forms(page.text):
            pay = next(((n, v) for n, v in form["buttons"] if v.lower() == "pay"), None)
            if form["method"] == "POST" and pay is not None:
                target = urllib.parse.urljoin(str(page.url), form["action"] or str(page.url))
                answer = http.post(target, data={**form["inputs"], pay[0]: pay[1]})
                for back in _forms(answer.text):  # an auto-submitting form post back to the merchant
                    if back["method"] == "POST" and "checksum" in back["inputs"]:
                        http.post(urllib.parse.urljoin(str(answer.url), back["action"]), data=back["inputs"])
                return None
    except httpx.HTTPError as exc:
        return f"cannot open the payments page from here ({one_line(exc)})"
    return "the payments page has no Pay button this demo can press"
