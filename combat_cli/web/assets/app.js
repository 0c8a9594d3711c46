"use strict";
/* The players' screen: follows /events (server-sent events) and redraws. No library. */
(function () {
  var $ = function (id) { return document.getElementById(id); };
  var labels = { updated: "live", offline: "reconnecting…" };
  var lastTurn = null;

  function el(tag, text, cls) {
    var e = document.createElement(tag);
    if (text) { e.textContent = text; }
    if (cls) { e.className = cls; }
    return e;
  }

  function setText(id, text) {
    var e = $(id);
    if (e.textContent !== text) { e.textContent = text; }
  }

  function row(c) {
    var tr = el("tr");
    var classes = [];
    if (c.acting) { classes.push("acting"); }
    if (c.next) { classes.push("next"); }
    if (c.out) { classes.push("out"); }
    classes.push("side-" + c.side);
    tr.className = classes.join(" ");
    var name = el("th", c.name);
    name.scope = "row";
    if (c.acting) { name.appendChild(el("span", " (" + labels.acting + ")", "sr")); }
    if (c.next) { name.appendChild(el("span", " (" + labels.next_mark + ")", "sr")); }
    if (c.held) { name.appendChild(el("span", labels.held, "tag")); }
    name.appendChild(el("span", labels[c.side] || c.side, "who"));
    tr.appendChild(name);
    tr.appendChild(el("td", labels[c.side] || c.side, "side"));
    var w = el("td", c.wounds, "wounds");
    if (c.out) { w.appendChild(el("span", labels.out, "tag")); }
    tr.appendChild(w);
    tr.appendChild(el("td", c.conditions.join(", "), "cond"));
    return tr;
  }

  function render(d) {
    labels = d.labels || labels;
    document.documentElement.lang = d.lang || "en";
    document.title = d.heading;
    setText("heading", d.heading);
    if (d.turn !== lastTurn) { $("turn").textContent = d.turn; lastTurn = d.turn; }
    setText("h-name", labels.Name);
    setText("h-side", labels.Side);
    setText("h-wounds", labels.Wounds);
    setText("h-cond", labels.Conditions);
    setText("caption", labels.Order);
    setText("h-log", labels.Log);
    var body = $("rows");
    var rows = document.createDocumentFragment();
    d.combatants.forEach(function (c) { rows.appendChild(row(c)); });
    body.replaceChildren(rows);
    var waiting = $("waiting");
    var who = d.waiting || [];
    var decl = d.declared;
    var said = who.length ? (labels.waiting || "waiting") + ": " + who.join(", ") : "";
    if (!said && decl && decl.of) {  /* the declare phase: how many, never what */
      said = (labels.declared || "{done} of {of} declared").replace("{done}", decl.done)
        .replace("{of}", decl.of);
      if (decl.waiting.length) {
        said += " · " + (labels["to declare"] || "to declare") + ": " + decl.waiting.join(", ");
      }
    }
    waiting.hidden = !said;
    setText("waiting", said);
    var momentum = $("momentum");
    momentum.hidden = d.momentum === undefined;
    setText("momentum", d.momentum === undefined ? "" : (labels.momentum || "Momentum") + ": " + d.momentum);
    var log = $("log");
    var items = document.createDocumentFragment();
    d.log.forEach(function (l) { items.appendChild(el("li", l.text)); });
    log.replaceChildren(items);
  }

  function live(ok) {
    var e = $("live");
    e.textContent = ok ? labels.updated : labels.offline;
    e.className = ok ? "" : "offline";
  }

  /* The browser reconnects by itself after a dropped stream; after a refused one (a 503
     while the server is busy) it gives up, so the page tries again, waiting longer each time. */
  var delay = 1000;
  function connect() {
    var source = new EventSource("/events");
    source.onmessage = function (ev) {
      delay = 1000;
      try { render(JSON.parse(ev.data)); live(true); } catch (err) { live(false); }
    };
    source.onerror = function () {
      live(false);
      if (source.readyState === EventSource.CLOSED) {
        setTimeout(connect, delay);
        delay = Math.min(delay * 2, 15000);
      }
    };
  }
  /* The page came with the view it was served with: shown at once, before the stream. */
  var first = $("state");
  if (first) {
    try { render(JSON.parse(first.textContent)); } catch (err) { /* the stream will do */ }
  }
  connect();
}());
