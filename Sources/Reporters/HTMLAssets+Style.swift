extension HTMLAssets {
    /// The pages' one stylesheet (diff, gate and history): screen from a 390 px phone up,
    /// and print. Colour always comes with a text label or symbol;
    /// text colours reach at least 4.5:1 on their backgrounds. ASCII only (see `script`).
    static let style = """

        :root{--fg:#1d2433;--muted:#555e6e;--line:#d9dee7;--bg:#f4f6f9;--card:#fff;--accent:#1f4fbf;
        --err:#a8200d;--err-bg:#fdecea;--warn:#7a4204;--warn-bg:#fff3d1;--info:#1a56b0;--info-bg:#e6effc;
        --ok:#0a6638;--ok-bg:#e2f5e9;--grew:#c2410c;--shrank:#2563c9;--mono:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
        *{box-sizing:border-box}
        body{margin:0;background:var(--bg);color:var(--fg);font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
        a{color:var(--accent)}
        code{font-family:var(--mono);font-size:13px;overflow-wrap:break-word}
        code.rule{white-space:nowrap}
        .page-head{background:#14213d;color:#fff;padding:24px 32px}
        .page-head h1{margin:4px 0 14px;font-size:26px;font-weight:650;overflow-wrap:break-word}
        .kicker{margin:0;text-transform:uppercase;letter-spacing:.08em;font-size:12px;color:#cdd6ea}
        .versions{font-weight:400;color:#dbe3f4}
        .facts{display:flex;flex-wrap:wrap;gap:8px 36px;margin:0}
        .facts dt{font-size:12px;color:#cdd6ea}
        .facts dd{margin:0}
        .page-head .muted{color:#cdd6ea}
        main{max-width:1200px;margin:0 auto;padding:24px 32px 24px}
        footer{max-width:1200px;margin:0 auto;padding:0 32px 40px;color:var(--muted);font-size:13px}
        section{background:var(--card);border:1px solid var(--line);border-radius:8px;padding:20px 24px;margin:0 0 20px;min-width:0}
        .scroll-x{overflow-x:auto;margin:0 0 16px}
        .scroll-x>table{margin:0}
        .scroll-x caption{position:sticky;left:0;width:max-content;max-width:calc(100vw - 64px)}
        .scroll-x:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
        figure{margin:0 0 8px}
        h2{font-size:20px;margin:0 0 12px}
        h3{font-size:16px;margin:20px 0 8px}
        .muted{color:var(--muted)}
        .note{color:var(--muted);font-size:14px;margin:4px 0 12px}
        .verdict{border-left:6px solid}
        .verdict.pass{border-left-color:var(--ok);background:var(--ok-bg)}
        .verdict.fail{border-left-color:var(--err);background:var(--err-bg)}
        .verdict h2{font-size:22px}
        .verdict.pass h2{color:var(--ok)}
        .verdict.fail h2{color:var(--err)}
        .verdict p{margin:0}
        .tally{display:flex;flex-wrap:wrap;gap:8px;list-style:none;padding:0;margin:12px 0 0}
        .tally .badge{font-size:14px;padding:2px 10px;min-width:0}
        nav ul{display:flex;flex-wrap:wrap;gap:4px 22px;list-style:none;padding:0;margin:0 0 20px}
        table{border-collapse:collapse;width:100%;font-size:14px;margin:0 0 16px}
        table.matrix{width:auto;min-width:60%}
        caption{text-align:left;font-weight:600;padding:0 0 8px;color:var(--muted)}
        th,td{border-bottom:1px solid var(--line);padding:6px 8px;text-align:left;vertical-align:top}
        thead th{background:#eef1f5;font-size:13px}
        tbody th{font-weight:600}
        .nowrap{white-space:nowrap}
        .num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
        tr.more td{color:var(--muted);font-style:italic}
        .esc{background:#fde68a;color:#6b2a0a;border-radius:3px;padding:0 2px;font-family:var(--mono)}
        .badge{display:inline-block;min-width:5.5em;border-radius:4px;padding:0 6px;font-weight:650;font-size:12px;text-transform:uppercase;letter-spacing:.03em}
        .badge.error{background:var(--err-bg);color:var(--err);border:1px solid var(--err)}
        .badge.warning{background:var(--warn-bg);color:var(--warn);border:1px solid var(--warn)}
        .badge.info{background:var(--info-bg);color:var(--info);border:1px solid var(--info)}
        .flag{display:inline-block;font-size:12px;border:1px solid var(--line);border-radius:4px;padding:0 5px;color:var(--muted);white-space:nowrap}
        .flag.new{border-color:var(--err);color:var(--err)}
        .filters{display:flex;flex-wrap:wrap;gap:10px 28px;align-items:center;margin:0 0 12px;padding:10px 14px;background:#f0f3f7;border-radius:6px}
        .filters fieldset{border:0;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:4px 14px;align-items:center}
        .filters legend{float:left;font-weight:600;margin-right:6px;padding:0}
        .filters label{white-space:nowrap}
        .filters select{font:inherit;padding:2px 4px}
        .filters output{color:var(--muted)}
        [hidden]{display:none!important}
        .bars{list-style:none;margin:4px 0 12px;padding:0;max-width:900px}
        .bars li{display:grid;grid-template-columns:minmax(0,2fr) minmax(0,1.4fr) 6.5em;gap:2px 12px;align-items:center;padding:3px 0;border-bottom:1px solid var(--line)}
        .bar-name code{overflow-wrap:anywhere}
        .bar-track svg{display:block;width:100%;height:14px}
        .bars .grew{fill:var(--grew)}
        .bars .shrank{fill:var(--shrank)}
        .bars .axis,.trend .axis{stroke:#8a93a3;stroke-width:1}
        .bar-value{text-align:right;font-family:var(--mono);font-size:13px;white-space:nowrap}
        .trend{display:block;height:auto;margin:4px 0 8px}
        .trend text{font-size:13px;fill:var(--fg);font-family:system-ui,sans-serif}
        .trend .grid{stroke:var(--line);stroke-width:1}
        .trend polyline{fill:none;stroke-width:2.5}
        .s0{stroke:#1f77b4;fill:#1f77b4;background:#1f77b4}
        .s1{stroke:#d62728;fill:#d62728;background:#d62728}
        .s2{stroke:#2ca02c;fill:#2ca02c;background:#2ca02c}
        .s3{stroke:#9467bd;fill:#9467bd;background:#9467bd}
        .s4{stroke:#c2410c;fill:#c2410c;background:#c2410c}
        .s5{stroke:#0e7490;fill:#0e7490;background:#0e7490}
        .s6{stroke:#8c564b;fill:#8c564b;background:#8c564b}
        .s7{stroke:#c0267e;fill:#c0267e;background:#c0267e}
        .key.dashed{outline:2px dashed #fff;outline-offset:-5px}
        table.history td{overflow-wrap:anywhere}
        table.history tbody th,table.history td:nth-child(2){white-space:nowrap}
        table.history thead th{white-space:normal}
        .pinned tbody th,.pinned thead th:first-child{position:sticky;left:0;z-index:1}
        .pinned tbody th{background:var(--card)}
        .legend{display:flex;flex-wrap:wrap;gap:4px 18px;font-size:13px;margin:0 0 8px;padding:0;list-style:none}
        .key{display:inline-block;width:12px;height:12px;border-radius:2px;margin-right:6px;vertical-align:-1px}
        .key.grew{background:var(--grew)}
        .key.shrank{background:var(--shrank)}
        .delta-grew{color:#9a3412}
        .delta-shrank{color:#1d4f9e}
        .matrix td{text-align:center;white-space:nowrap;border:1px solid #fff;min-width:6.5em}
        .matrix td.ref{text-align:left;min-width:0}
        .matrix .gap-0{background:var(--ok-bg);color:var(--ok)}
        .matrix .gap-1{background:#fff6d9}
        .matrix .gap-2{background:#ffe6a6}
        .matrix .gap-3{background:#ffcf85}
        .matrix .gap-4{background:#f7b3a8}
        .matrix .gap-na{background:#f4f6f9;color:var(--muted)}
        .matrix .new-gap{box-shadow:inset 0 0 0 2px #a8200d;font-weight:650;color:#7a1609}
        .matrix .tag{display:block;font-size:12px;color:#7a1609}
        .swatches{display:flex;flex-wrap:wrap;gap:6px 16px;font-size:13px;list-style:none;padding:0;margin:8px 0 0}
        .swatches span{display:inline-block;min-width:2.2em;text-align:center;border-radius:3px;padding:0 4px;margin-right:5px}
        details.data>summary{color:var(--accent);font-size:14px;margin:0 0 8px}
        details{margin:0 0 12px}
        summary{cursor:pointer}
        summary h3{display:inline;margin:0}
        .kind-added{color:var(--ok);font-weight:650}
        .kind-removed{color:var(--err);font-weight:650}
        .kind-modified{color:var(--warn);font-weight:650}
        @media screen and (max-width:700px){
        main,.page-head{padding-left:12px;padding-right:12px}
        section{padding:14px}
        .page-head h1{font-size:22px}
        .bars li{grid-template-columns:minmax(0,1fr) 6.5em}
        .bar-name{grid-column:1/-1}
        .pinned tbody th{max-width:34vw;overflow-wrap:break-word}
        .matrix td.ref{white-space:normal}
        .matrix td{min-width:5em}
        #findings table,#findings tbody,#findings td{display:block}
        #findings caption{display:block}
        #findings thead{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
        #findings tbody tr{display:flex;flex-wrap:wrap;align-items:center;gap:6px 10px;border:1px solid var(--line);border-radius:6px;padding:10px 12px;margin:0 0 10px}
        #findings td{border:0;padding:0;min-width:0;overflow-wrap:anywhere}
        #findings td:nth-child(2){flex:1 1 0}
        #findings td:nth-child(n+3),#findings tr.more td{flex:1 0 100%}
        #findings td:nth-child(3){color:var(--muted);font-size:14px}
        #findings td:nth-child(5):empty{display:none}
        #findings code.rule{white-space:normal}
        }
        @media print{
        *{-webkit-print-color-adjust:exact;print-color-adjust:exact}
        body{background:#fff;font-size:10pt}
        .page-head{background:#fff;color:#000;padding:0 0 8px;border-bottom:2px solid #000}
        .page-head .kicker,.page-head .versions,.page-head .muted,.facts dt{color:#333}
        main,footer{max-width:none;padding:12px 0}
        nav,.filters,summary::marker{display:none!important}
        .scroll-x{overflow:visible}
        .pinned th{position:static}
        section{border:0;border-radius:0;padding:0;margin:0 0 16px;overflow:visible}
        table{font-size:9pt}
        th,td{padding:3px 5px}
        code{font-size:8.5pt;overflow-wrap:anywhere}
        code.rule,.flag,.matrix td{white-space:normal}
        code.rule{overflow-wrap:normal}
        .matrix td{min-width:0}
        #findings tbody tr[hidden]{display:table-row!important}
        thead{display:table-header-group}
        tr,.bars li,.trend{break-inside:avoid}
        h2,h3{break-after:avoid}
        a{color:inherit;text-decoration:none}
        }

        """
}
