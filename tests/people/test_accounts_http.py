"""Accounts through a real server: sign up keeping a guest's games, log in and out, "my games", a
seat's link for its own account only, and the security rules of issue 52 (session fixation, CSRF,
one answer for a wrong password and an unknown name, login flooding, no hash in any answer)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.people.room import PASSWORD, browser, guest_table, running_room, sign_up
from tests.server.process import ServerProcess


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    with running_room(tmp_path_factory.mktemp("accounts")) as room:
        yield room


def test_a_guest_keeps_their_games_when_signing_up(server: ServerProcess) -> None:
    with browser(server) as guest:
        table = guest_table(guest)
        made = sign_up(guest, "Keeper", [table])
        assert made.status_code == 201, made.text
        assert made.json()["name"] == "Keeper" and made.json()["kept"] == 1
        games = guest.get("/api/account/games").json()
        assert [(g["table_id"], g["seat"], g["game"]) for g in games] == [(table["table_id"], 0, "toy")]
        assert games[0]["url"].endswith(f"/table/{table['table_id']}")
        # The seat token keeps working as before.
        view = guest.get(f"/api/tables/{table['table_id']}/view", headers={"Authorization": f"Bearer {table['token']}"})
        assert view.status_code == 200 and view.json()["seat"] == 0


def test_the_cookie_is_httponly_lax_and_not_secure_on_plain_http(server: ServerProcess) -> None:
    with browser(server) as client:
        made = sign_up(client, "Cookie Person")
        cookie = made.headers["set-cookie"].lower()
        assert "httponly" in cookie and "samesite=lax" in cookie and "path=/" in cookie
        assert "secure" not in cookie  # plain-http localhost: see docs/accounts.md


def test_logging_in_elsewhere_shows_the_same_games_and_opens_the_seat(server: ServerProcess) -> None:
    with browser(server) as first, browser(server) as second:
        table = guest_table(first)
        assert sign_up(first, "Traveller", [table]).status_code == 201
        assert second.get("/api/account").status_code == 401
        logged = second.post("/api/account/login", json={"name": "TRAVELLER", "password": PASSWORD})
        assert logged.status_code == 200, logged.text
        assert second.get("/api/account/games").json() == first.get("/api/account/games").json()
        link = second.post(f"/api/account/seats/{table['table_id']}/0/link")
        assert link.status_code == 200, link.text
        secret = link.json()["url"].split("#token=")[1]
        joined = second.post(
            f"/api/tables/{table['table_id']}/join", headers={"Authorization": f"Bearer {secret}"}, json={}
        )
        fresh = joined.json()["token"]
        view = second.get(f"/api/tables/{table['table_id']}/view", headers={"Authorization": f"Bearer {fresh}"})
        assert view.json()["seat"] == 0


def test_one_account_cannot_read_or_act_for_anothers_seats(server: ServerProcess) -> None:
    with browser(server) as owner, browser(server) as other:
        table = guest_table(owner)
        assert sign_up(owner, "Owner", [table]).status_code == 201
        assert sign_up(other, "Other").status_code == 201
        assert other.post(f"/api/account/seats/{table['table_id']}/0/link").status_code == 404
        assert other.post(f"/api/account/seats/{table['table_id']}/1/link").status_code == 404  # the bot's seat
        # Even holding the token (a shared computer), another account cannot claim a held seat.
        stolen = other.post(
            "/api/account/seats", json={"seats": [{"table_id": table["table_id"], "token": table["token"]}]}
        )
        assert stolen.json()["kept"] == 0
        assert other.get("/api/account/games").json() == []
        # A wrong token claims nothing.
        wrong = owner.post("/api/account/seats", json={"seats": [{"table_id": table["table_id"], "token": "x" * 32}]})
        assert wrong.json()["kept"] == 0


def test_a_session_id_set_before_login_is_not_kept(server: ServerProcess) -> None:
    with browser(server) as maker:
        assert sign_up(maker, "Fixed").status_code == 201
    with browser(server) as victim:
        victim.cookies.set("cardroom_session", "planted-by-an-attacker", domain="127.0.0.1")
        logged = victim.post("/api/account/login", json={"name": "fixed", "password": PASSWORD})
        assert logged.status_code == 200
        fresh = logged.cookies["cardroom_session"]
        assert fresh != "planted-by-an-attacker" and len(fresh) >= 40
    with browser(server) as attacker:
        attacker.cookies.set("cardroom_session", "planted-by-an-attacker", domain="127.0.0.1")
        assert attacker.get("/api/account").status_code == 401


def test_every_state_changing_request_must_come_from_the_site(server: ServerProcess) -> None:
    with browser(server) as client:
        table = guest_table(client)
        assert sign_up(client, "Careful").status_code == 201
        for origin in ({"Origin": "http://evil.example"}, {"Origin": "null"}, {"Origin": ""}):
            for path, body in [
                ("/api/account/signup", {"name": "Forged", "password": PASSWORD}),
                ("/api/account/login", {"name": "Careful", "password": PASSWORD}),
                ("/api/account/logout", None),
                ("/api/account/seats", {"seats": [{"table_id": table["table_id"], "token": table["token"]}]}),
                (f"/api/account/seats/{table['table_id']}/0/link", None),
            ]:
                refused = client.post(path, json=body, headers=origin)
                assert refused.status_code == 403, (path, origin, refused.text)
        assert client.get("/api/account").status_code == 200  # the forged logout ended nothing
        assert client.get("/api/account/games").json() == []  # the forged claim claimed nothing
        same = client.post(
            "/api/account/seats",
            json={"seats": [{"table_id": table["table_id"], "token": table["token"]}]},
            headers={"Origin": "", "Referer": f"{server.url}/account"},
        )
        assert same.json()["kept"] == 1  # a Referer from the site stands in for a missing Origin


def _server_cpu(server: ServerProcess) -> float:
    """The server process's CPU seconds so far (user and system), from /proc: the work an answer cost,
    which a loaded machine cannot stretch the way it stretches wall time."""
    assert server.proc is not None
    fields = Path(f"/proc/{server.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def test_a_wrong_password_and_an_unknown_name_get_the_same_answer_in_the_same_time(server: ServerProcess) -> None:
    with browser(server) as maker:
        assert sign_up(maker, "Known").status_code == 201
    answers: dict[str, list[tuple[int, str, float]]] = {"wrong": [], "unknown": []}
    for attempt in range(2):
        for case, name in (("wrong", "Known"), ("unknown", f"Nobody {attempt}")):
            with browser(server) as client:
                started = _server_cpu(server)
                answer = client.post("/api/account/login", json={"name": name, "password": "not the password"})
                answers[case].append((answer.status_code, answer.text, _server_cpu(server) - started))
    assert (
        {(s, t) for s, t, _ in answers["wrong"]}
        == {(s, t) for s, t, _ in answers["unknown"]}
        == {(401, '{"detail":"wrong name or password"}')}
    )
    # Both verify an argon2id hash (the unknown name a decoy): neither costs the server a fraction of the
    # other's work. CPU time, not wall time: on a shared machine a wait for a core can double either.
    least_wrong, least_unknown = (min(t for *_, t in answers[c]) for c in ("wrong", "unknown"))
    assert least_wrong > 0.05 and least_unknown > 0.05, answers  # a real hash each time, not a shortcut
    assert least_unknown > 0.5 * least_wrong and least_wrong > 0.5 * least_unknown, answers


def test_login_flooding_is_limited_per_name_and_per_address(server: ServerProcess) -> None:
    with browser(server) as maker:
        assert sign_up(maker, "Target").status_code == 201
    with browser(server) as flooder:
        codes = [
            flooder.post("/api/account/login", json={"name": "Target", "password": f"guess {i}"}).status_code
            for i in range(3)
        ]
        assert codes == [401, 401, 429]  # $CARDROOM_LOGIN_BURST=3 tries per name, the sign-up being one
    with browser(server) as owner_elsewhere:  # the name's limit holds from another address too
        assert (
            owner_elsewhere.post("/api/account/login", json={"name": "Target", "password": PASSWORD}).status_code == 429
        )
    with browser(server) as sprayer:  # one address trying many names: 3 x 3 tries, then refused
        codes = [
            sprayer.post("/api/account/login", json={"name": f"Spray {i}", "password": "guess"}).status_code
            for i in range(10)
        ]
        assert codes == [401] * 9 + [429]


def test_no_answer_carries_a_password_hash(server: ServerProcess) -> None:
    with browser(server) as client:
        table = guest_table(client)
        bodies = [sign_up(client, "Hashless", [table]).text]
        bodies += [
            client.get(path).text for path in ("/api/account", "/api/account/games", f"/api/tables/{table['table_id']}")
        ]
        bodies.append(client.post("/api/account/login", json={"name": "Hashless", "password": PASSWORD}).text)
        assert bodies and not any("argon2" in body or "password" in body for body in bodies)


def test_names_refuse_invisible_marks_and_are_unique_case_folded(server: ServerProcess) -> None:
    with browser(server) as client:
        for bad, reason in [
            ("Zed\u202eevil", "invisible"),
            ("Ze\x07d", "control"),
            ("Z", "2 to 24"),
            ("Z" * 25, "2 to 24"),
        ]:
            refused = sign_up(client, bad)
            assert refused.status_code == 422 and reason in refused.json()["detail"], refused.text
        assert sign_up(client, "Ｚｅｄ").status_code == 201
    with browser(server) as again:
        taken = sign_up(again, "zed")
        assert taken.status_code == 409 and "taken" in taken.json()["detail"]


def test_a_password_too_short_is_refused_with_the_rule(server: ServerProcess) -> None:
    with browser(server) as client:
        short = client.post("/api/account/signup", json={"name": "Shorty", "password": "abc"})
        assert short.status_code == 422 and "at least 8 characters" in short.json()["detail"]
        assert client.get("/api/account").status_code == 401


def test_logging_out_ends_the_session(server: ServerProcess, tmp_path: Path) -> None:
    with browser(server) as client:
        assert sign_up(client, "Leaver").status_code == 201
        old = client.cookies["cardroom_session"]
        assert client.post("/api/account/logout").status_code == 204
        assert client.get("/api/account").status_code == 401
        replayed = httpx.get(server.url + "/api/account", cookies={"cardroom_session": old})
        assert replayed.status_code == 401  # the session is gone from the database, not only from the jar


def test_text_that_is_not_unicode_is_refused_plainly(server: ServerProcess) -> None:
    """A lone surrogate (from JSON's escapes) could be neither hashed nor looked up: refused (422), never a 500."""
    with browser(server) as client:
        headers = {"Content-Type": "application/json"}
        for path in ("/api/account/signup", "/api/account/login"):
            refused = client.post(
                path, content=b'{"name": "Bad \\ud800 name", "password": "correct horse"}', headers=headers
            )
            assert refused.status_code == 422 and "valid string" in refused.json()["detail"], refused.text
        assert sign_up(client, "Plain Name").status_code == 201
        claim = client.post(
            "/api/account/seats", content=b'{"seats": [{"table_id": "\\ud800", "token": "x"}]}', headers=headers
        )
        assert claim.status_code == 422


def test_behind_https_the_cookie_is_secure_and_the_public_origin_is_the_site(tmp_path: Path) -> None:
    with running_room(tmp_path, CARDROOM_PUBLIC_URL="https://cards.example") as public, browser(public) as client:
        client.headers["Origin"] = "https://cards.example"  # the page as served through the proxy
        made = sign_up(client, "Proxied")
        assert made.status_code == 201, made.text
        assert "secure" in made.headers["set-cookie"].lower()
        assert client.post("/api/account/logout", headers={"Origin": "https://evil.example"}).status_code == 403


def test_the_account_refusals_are_said_in_the_asked_language(server: ServerProcess) -> None:
    """A German browser is refused in German (a short password counted with the plural rule, a taken
    name, a wrong password, not logged in); without the header, in English."""
    german = {"Accept-Language": "de-DE,de;q=0.9"}
    with browser(server) as client:
        short = client.post("/api/account/signup", json={"name": "Kurz", "password": "abc"}, headers=german)
        assert short.status_code == 422 and short.json()["detail"] == "ein Passwort braucht mindestens 8 Zeichen"
        assert sign_up(client, "Greta").status_code == 201
    with browser(server) as other:
        taken = other.post("/api/account/signup", json={"name": "GRETA", "password": PASSWORD}, headers=german)
        assert taken.status_code == 409 and "ist vergeben" in taken.json()["detail"], taken.text
        wrong = other.post("/api/account/login", json={"name": "Greta", "password": "not it at all"}, headers=german)
        assert wrong.json()["detail"] == "falscher Name oder falsches Passwort"
        assert other.get("/api/account", headers=german).json()["detail"].startswith("nicht angemeldet")
        # (another name: each name's logins are limited, and an unknown name gets the same answer)
        english = other.post("/api/account/login", json={"name": "Nobody Here", "password": "not it at all"})
        assert english.json()["detail"] == "wrong name or password"
