"""The lobby's invitation for a program: the host sees the command line that seats a
remote agent (in English and German), and running it seats the agent at the table."""

from __future__ import annotations

import re
import subprocess
import sys

import httpx
import pytest
from playwright.sync_api import expect
from web_helpers import create_table

pytestmark = [pytest.mark.slow, pytest.mark.browser]


def test_web_lobby_shows_the_agent_command_and_it_seats_an_agent(server, desktop):
    host = desktop().new_page()
    code = create_table(host, server, "mccarthyism", bots=2, host_name="Ann")
    base = httpx.get(server + "/api/server").json()["join_base"]
    command = host.locator("[data-test=agent-command]")
    expect(command).to_have_text(f"hiddenrole agent --server {base} --table {code} --bot rule")
    expect(host.locator("[data-test=agent-invite] h2")).to_have_text("Invite a program")
    # the command as shown, run against this server (the loopback address: the test's machine)
    args = command.inner_text().split()[1:]
    args[args.index("--server") + 1] = server
    proc = subprocess.Popen([sys.executable, "-m", "hiddenrole.cli", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        expect(host.locator("[data-test=seats]")).to_contain_text("Agent", timeout=60_000)
        expect(host.locator("[data-test=seats] li", has_text="Agent").locator(".dot.on")).to_be_visible(timeout=60_000)
    finally:
        proc.kill()
        proc.communicate()


def test_web_lobby_agent_invitation_in_german_and_only_for_the_host(server, desktop, phone):
    host = desktop(locale="de-DE").new_page()
    host.goto(server + "/")
    host.wait_for_selector("select[name=game] option", state="attached")
    host.select_option("select[name=game]", "shady-agents")
    host.fill("input[name=bots]", "2")
    host.get_by_role("button", name="Tisch eröffnen").click()
    expect(host.locator("[data-test=code]")).to_have_text(re.compile(r"^[A-Z0-9]{6}$"))
    code = host.locator("[data-test=code]").inner_text()
    expect(host.locator("[data-test=agent-invite] h2")).to_have_text("Ein Programm einladen")
    expect(host.locator("[data-test=agent-invite]")).to_contain_text("Sprachmodell")
    expect(host.locator("[data-test=copy-agent-command]")).to_have_text("Befehl kopieren")
    guest = phone().new_page()
    guest.goto(f"{server}/#/t/{code}")
    expect(guest.locator("[data-test=code]")).to_have_text(code)
    expect(guest.locator("[data-test=agent-invite]")).to_be_hidden()
