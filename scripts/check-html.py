#!/usr/bin/python3
"""Opens HTML reports in headless Chromium over the DevTools protocol and fails on any
console error, uncaught exception, CSP violation, network request or dialog. On pages
with findings it also drives the filters (severity checkbox, rule menu) and checks that
printing shows every row. Writes a full-page screenshot of the first page.

usage: check-html.py <screenshot.png> <report.html> [<report.html> ...]
Needs chromium and python3-websocket (scripts/check-html.sh installs both).
"""
import base64
import json
import os
import subprocess
import sys
import tempfile
import time
import urllib.request

import websocket

FILTER_CHECK = r"""
(() => {
  const rows = [...document.querySelectorAll('#findings tbody tr[data-severity]')];
  const box = document.getElementById('finding-filters');
  if (rows.length === 0) return {skipped: true};
  if (!box || box.hidden) return {error: 'the filters are not shown when scripts run'};
  const visible = (test) => rows.filter(r => test(r) && !r.hidden).length;
  const out = {rows: rows.length};
  const info = box.querySelector('input[value=info]');
  info.click();
  out.infoAfterUncheck = visible(r => r.dataset.severity === 'info');
  out.othersAfterUncheck = visible(r => r.dataset.severity !== 'info');
  out.others = rows.filter(r => r.dataset.severity !== 'info').length;
  out.status = document.getElementById('filter-status').textContent;
  info.click();
  const select = document.getElementById('rule-filter');
  const rule = rows[0].dataset.rule;
  select.value = rule;
  select.dispatchEvent(new Event('change', {bubbles: true}));
  out.ruleVisible = visible(() => true);
  out.ruleRows = rows.filter(r => r.dataset.rule === rule).length;
  out.ruleOthersVisible = visible(r => r.dataset.rule !== rule);
  out.printHidden = getComputedStyle(box).display;
  return out;
})()
"""

PRINT_CHECK = r"""
(() => ({
  hiddenRows: [...document.querySelectorAll('#findings tbody tr')].filter(r => getComputedStyle(r).display === 'none').length,
  filters: document.getElementById('finding-filters') ? getComputedStyle(document.getElementById('finding-filters')).display : 'none',
  scripts: document.scripts.length,
}))()
"""


class Page:
    def __init__(self, url):
        self.ws = websocket.create_connection(url, timeout=30)
        self.next_id = 0
        self.events = []

    def call(self, method, **params):
        self.next_id += 1
        self.ws.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.ws.recv())
            if message.get("id") == self.next_id:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result", {})
            self.events.append(message)

    def wait_for(self, method, seconds=30):
        deadline = time.time() + seconds
        while time.time() < deadline:
            if any(e.get("method") == method for e in self.events):
                return
            self.ws.settimeout(max(0.1, deadline - time.time()))
            self.events.append(json.loads(self.ws.recv()))
        raise RuntimeError(f"timed out waiting for {method}")

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"check script failed: {result['exceptionDetails']}")
        return result["result"].get("value")


def problems_in(events, file_url):
    problems = []
    for e in events:
        method, p = e.get("method"), e.get("params", {})
        if method == "Runtime.exceptionThrown":
            problems.append(f"exception: {p['exceptionDetails'].get('text')} {p['exceptionDetails'].get('exception', {}).get('description', '')}")
        elif method == "Runtime.consoleAPICalled" and p.get("type") in ("error", "warning", "assert"):
            problems.append(f"console.{p['type']}: {[a.get('value', a.get('description')) for a in p.get('args', [])]}")
        elif method == "Log.entryAdded" and p["entry"].get("level") in ("error", "warning"):
            problems.append(f"log {p['entry']['level']} ({p['entry'].get('source')}): {p['entry'].get('text')}")
        elif method == "Network.requestWillBeSent" and p["request"]["url"] != file_url:
            problems.append(f"network request: {p['request']['url']}")
        elif method == "Page.javascriptDialogOpening":
            problems.append(f"dialog opened: {p.get('message')}")
    return problems


def check_filters(page, problems):
    result = page.evaluate(FILTER_CHECK)
    if result.get("skipped"):
        return "no findings, no filters"
    if "error" in result:
        problems.append(result["error"])
        return ""
    if result["infoAfterUncheck"] != 0 or result["othersAfterUncheck"] != result["others"]:
        problems.append(f"unchecking info did not hide exactly the info rows: {result}")
    if not result["status"].startswith(f"Showing {result['others']} of {result['rows']}"):
        problems.append(f"filter status is wrong: {result['status']!r}")
    if result["ruleVisible"] != result["ruleRows"] or result["ruleOthersVisible"] != 0:
        problems.append(f"the rule menu did not show exactly that rule's rows: {result}")
    page.call("Emulation.setEmulatedMedia", media="print")
    printed = page.evaluate(PRINT_CHECK)
    page.call("Emulation.setEmulatedMedia", media="")
    if printed["hiddenRows"] != 0 or printed["filters"] != "none":
        problems.append(f"print view hides rows or shows the filters: {printed}")
    return f"filters ok ({result['rows']} findings), print ok"


def check(page, path, screenshot):
    file_url = "file://" + os.path.abspath(path)
    page.events.clear()
    page.call("Page.navigate", url=file_url)
    page.wait_for("Page.loadEventFired")
    time.sleep(0.5)
    problems = []
    # Diff and gate reports carry one inline script (the filters); history pages none.
    expected = 0 if os.path.basename(path).startswith("history") else 1
    scripts = page.evaluate("document.scripts.length")
    if scripts != expected:
        problems.append(f"expected {expected} script element(s), found {scripts}")
    if screenshot:
        metrics = page.call("Page.getLayoutMetrics")["cssContentSize"]
        clip = {"x": 0, "y": 0, "width": metrics["width"], "height": min(metrics["height"], 16000), "scale": 1}
        shot = page.call("Page.captureScreenshot", format="png", clip=clip, captureBeyondViewport=True)
        with open(screenshot, "wb") as f:
            f.write(base64.b64decode(shot["data"]))
    summary = check_filters(page, problems)
    time.sleep(0.2)
    page.call("Runtime.evaluate", expression="0")  # drain pending events
    problems += problems_in(page.events, file_url)
    return problems, summary


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    screenshot, reports = sys.argv[1], sys.argv[2:]
    profile = tempfile.mkdtemp(prefix="bundlediff-chromium-")
    browser = subprocess.Popen(
        ["chromium", "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
         "--disable-extensions", "--disable-background-networking", "--window-size=1280,2000",
         "--remote-debugging-port=0", f"--user-data-dir={profile}", "about:blank"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    failed = False
    try:
        port_file = os.path.join(profile, "DevToolsActivePort")
        for _ in range(300):
            if os.path.exists(port_file) and open(port_file).read().count("\n") >= 1:
                break
            time.sleep(0.1)
        port = open(port_file).read().split("\n")[0]
        targets = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list"))
        page = Page(next(t for t in targets if t["type"] == "page")["webSocketDebuggerUrl"])
        for domain in ("Page", "Runtime", "Log", "Network"):
            page.call(f"{domain}.enable")
        for i, report in enumerate(reports):
            problems, summary = check(page, report, screenshot if i == 0 else None)
            if problems:
                failed = True
                print(f"FAIL {report}:", *problems, sep="\n  ")
            else:
                print(f"ok   {report}: no console errors, no requests; {summary}")
    finally:
        browser.terminate()
        browser.wait(timeout=30)
        subprocess.run(["rm", "-rf", profile])
    print(f"screenshot: {os.path.abspath(screenshot)}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
