extension HTMLAssets {
    /// Progressive enhancement: shows the findings filters (severity checkboxes and a rule
    /// menu) and applies them, and opens every collapsed section before printing. The page
    /// is complete without it. ASCII only, so its hash is that of its UTF-8 bytes.
    static let script = """

        (function () {
          "use strict";
          var box = document.getElementById("finding-filters");
          if (box) {
            var rows = Array.prototype.slice.call(document.querySelectorAll("#findings tbody tr[data-severity]"));
            var checks = Array.prototype.slice.call(box.querySelectorAll("input[type=checkbox]"));
            var rule = document.getElementById("rule-filter");
            var status = document.getElementById("filter-status");
            var apply = function () {
              var shown = 0;
              rows.forEach(function (row) {
                var severity = row.getAttribute("data-severity");
                var on = checks.some(function (c) { return c.checked && c.value === severity; })
                  && (rule.value === "" || rule.value === row.getAttribute("data-rule"));
                row.hidden = !on;
                if (on) { shown += 1; }
              });
              status.textContent = "Showing " + shown + " of " + rows.length + " findings";
            };
            box.addEventListener("change", apply);
            box.hidden = false;
            apply();
          }
          window.addEventListener("beforeprint", function () {
            Array.prototype.forEach.call(document.querySelectorAll("details"), function (d) { d.open = true; });
          });
        })();

        """
}
