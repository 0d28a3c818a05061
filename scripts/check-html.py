#!/usr/bin/python3
"""Opens HTML reports in headless Chromium over the DevTools protocol and fails on any
console error, uncaught exception, CSP violation, network request or dialog. On pages
with findings it also drives the filters (severity checkbox, rule menu) and checks that
printing shows every row.

Each page is laid out at 390 px (a phone) and 1280 px (a desktop). At both widths it
fails when the page scrolls sideways (document scrollWidth > clientWidth), when a
finding card or any part of it (severity, rule, bundle, message) reaches past the
viewport or its card, and when an interactive control (link, button, input, select,
summary, scrolling region) cannot be reached with the Tab key; at 1280 px also when a
table is clipped (its region needs a sideways scroll).

usage: check-html.py <screenshot-dir> <report.html> [<report.html> ...]
Writes <screenshot-dir>/<report name>-<width>.png for every report and width.
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

WIDTHS = (390, 1280)

# Sideways overflow of the page, and of each finding card and its parts.
LAYOUT_CHECK = r"""
(() => {
  const root = document.documentElement;
  const out = {scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, bad: []};
  const width = root.clientWidth;
  const section = document.getElementById('findings');
  if (section && section.scrollWidth > section.clientWidth + 1) {
    out.bad.push(`#findings scrolls sideways: ${section.scrollWidth} > ${section.clientWidth}`);
  }
  const rows = [...document.querySelectorAll('#findings tbody tr[data-severity]')];
  rows.forEach((row, i) => {
    const card = row.getBoundingClientRect();
    if (card.left < -1 || card.right > width + 1) {
      out.bad.push(`finding ${i + 1} spans ${Math.round(card.left)}..${Math.round(card.right)} of ${width}`);
    }
    [...row.cells].forEach((cell, c) => {
      const r = cell.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) {
        if (cell.textContent.trim() !== '') out.bad.push(`finding ${i + 1}, part ${c + 1} is not shown`);
      } else if (r.left < card.left - 1 || r.right > card.right + 1 || r.right > width + 1) {
        out.bad.push(`finding ${i + 1}, part ${c + 1} reaches past its card (${Math.round(r.left)}..${Math.round(r.right)})`);
      } else if (cell.scrollWidth > cell.clientWidth + 1) {
        out.bad.push(`finding ${i + 1}, part ${c + 1} overflows (${cell.scrollWidth} > ${cell.clientWidth})`);
      }
    });
  });
  // On a desktop no table is clipped: none needs its sideways scroll.
  if (width >= 1200) {
    document.querySelectorAll('.scroll-x').forEach((region) => {
      if (region.querySelector('table') && region.scrollWidth > region.clientWidth + 1) {
        out.bad.push(`a table is clipped (${region.getAttribute('aria-label') || region.getAttribute('aria-labelledby')}): ${region.scrollWidth} > ${region.clientWidth}`);
      }
    });
  }
  out.findings = rows.length;
  return out;
})()
"""

# The controls a keyboard user must reach: shown, not disabled.
CONTROLS = r"""
(() => {
  // Rendered and not inside a closed <details> (whose content a keyboard reaches by
  // opening it from its summary).
  const shown = (e) => e.checkVisibility({contentVisibilityAuto: true, visibilityProperty: true})
    && !(e.closest('details:not([open])') && !e.closest('summary'));
  const all = [...document.querySelectorAll('a[href], button, input, select, textarea, summary, [tabindex]')]
    .filter(e => shown(e) && !e.disabled && e.tabIndex >= 0);
  all.forEach((e, i) => e.setAttribute('data-check-control', String(i)));
  // Scrolling regions must be reachable too (to scroll them without a mouse).
  const scrollers = [...document.querySelectorAll('body *')].filter(e => shown(e)
    && e.scrollWidth > e.clientWidth + 1 && ['auto', 'scroll'].includes(getComputedStyle(e).overflowX));
  const unreachable = scrollers.filter(s => s.tabIndex < 0 && !s.querySelector('[data-check-control]'))
    .map(s => s.tagName.toLowerCase() + (s.id ? '#' + s.id : s.className ? '.' + s.className : ''));
  return {count: all.length, unreachableScrollers: unreachable};
})()
"""

ACTIVE = r"""
(() => { const e = document.activeElement; return e ? e.getAttribute('data-check-control') : null; })()
"""

MISSED = r"""
(%s).map(i => { const e = document.querySelector(`[data-check-control="${i}"]`);
  return e.outerHTML.slice(0, 80); })
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


def check_layout(page, width, problems):
    layout = page.evaluate(LAYOUT_CHECK)
    if layout["scrollWidth"] > layout["clientWidth"]:
        problems.append(f"at {width} px the page scrolls sideways: {layout['scrollWidth']} > {layout['clientWidth']}")
    problems += [f"at {width} px {b}" for b in layout["bad"][:10]]
    return layout["findings"]


def check_keyboard(page, width, problems):
    """Tabs through the page once and checks that every control got the focus."""
    controls = page.evaluate(CONTROLS)
    for s in controls["unreachableScrollers"]:
        problems.append(f"at {width} px a scrolling region cannot be reached by keyboard: {s}")
    page.evaluate("document.activeElement && document.activeElement.blur(), window.scrollTo(0, 0)")
    reached = set()
    for _ in range(controls["count"] + 5):
        for kind in ("rawKeyDown", "keyUp"):
            page.call("Input.dispatchKeyEvent", type=kind, key="Tab", code="Tab", windowsVirtualKeyCode=9)
        active = page.evaluate(ACTIVE)
        if active is not None:
            reached.add(int(active))
    missed = [i for i in range(controls["count"]) if i not in reached]
    if missed:
        names = page.evaluate(MISSED % json.dumps(missed))
        problems.append(f"at {width} px {len(missed)} of {controls['count']} controls cannot be reached with Tab: "
                        + ", ".join(names[:5]))
    return controls["count"]


def check(page, path, shots):
    file_url = "file://" + os.path.abspath(path)
    problems = []
    parts = []
    filters = ""
    for width in WIDTHS:
        page.call("Emulation.setDeviceMetricsOverride", width=width, height=900, deviceScaleFactor=1,
                  mobile=width < 700)
        page.events.clear()
        page.call("Page.navigate", url=file_url)
        page.wait_for("Page.loadEventFired")
        time.sleep(0.3)
        # Diff and gate reports carry one inline script (the filters); history pages none.
        history = os.path.basename(path).startswith("history") or os.path.basename(os.path.dirname(path)) == "history"
        expected = 0 if history else 1
        scripts = page.evaluate("document.scripts.length")
        if scripts != expected:
            problems.append(f"expected {expected} script element(s), found {scripts}")
        metrics = page.call("Page.getLayoutMetrics")["cssContentSize"]
        clip = {"x": 0, "y": 0, "width": metrics["width"], "height": min(metrics["height"], 16000), "scale": 1}
        shot = page.call("Page.captureScreenshot", format="png", clip=clip, captureBeyondViewport=True)
        name = os.path.splitext(os.path.basename(path))[0]
        with open(os.path.join(shots, f"{name}-{width}.png"), "wb") as f:
            f.write(base64.b64decode(shot["data"]))
        findings = check_layout(page, width, problems)
        controls = check_keyboard(page, width, problems)
        if width == WIDTHS[-1]:
            filters = check_filters(page, problems)
        parts.append(f"{width} px: {findings} findings fit, {controls} controls reached by Tab")
        time.sleep(0.1)
        page.call("Runtime.evaluate", expression="0")  # drain pending events
        problems += problems_in(page.events, file_url)
    return problems, "; ".join(parts + [filters])


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    shots, reports = sys.argv[1], sys.argv[2:]
    os.makedirs(shots, exist_ok=True)
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
        for report in reports:
            problems, summary = check(page, report, shots)
            if problems:
                failed = True
                print(f"FAIL {report}:", *problems, sep="\n  ")
            else:
                print(f"ok   {report}: no console errors, no requests, no sideways scroll; {summary}")
    finally:
        browser.terminate()
        browser.wait(timeout=30)
        subprocess.run(["rm", "-rf", profile])
    print(f"screenshots: {os.path.abspath(shots)}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
