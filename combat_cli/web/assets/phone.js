"use strict";
/* A player's phone: joining (/join) and the character's own page (/me). No library. */
(function () {
  var $ = function (id) { return document.getElementById(id); };
  var L = { live: "live", offline: "reconnecting…", now: "You act now", next: "You're next",
            roll: "Roll for me", send: "Send", total: "Total", claim: "I take it" };
  function word(k) { return L[k] || k; }
  /* A phone may vibrate only after the player has touched the page. */
  var touched = false;
  document.addEventListener("pointerdown", function () { touched = true; }, { once: true });
  function buzz(pattern) { if (touched && navigator.vibrate) { navigator.vibrate(pattern); } }
  function el(tag, text, cls) {
    var e = document.createElement(tag);
    if (text !== undefined && text !== null) { e.textContent = String(text); }
    if (cls) { e.className = cls; }
    return e;
  }
  function post(path, body) {
    return fetch(path, { method: "POST", credentials: "same-origin",
      headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) })
      .then(function (r) {
        return r.json().catch(function () { return {}; }).then(function (d) {
          return { ok: r.ok, status: r.status, data: d };
        });
      });
  }

  /* -- joining --------------------------------------------------------------------- */
  function joinPage() {
    var q = new URLSearchParams(location.search);
    var problem = function (t) { $("problem").textContent = t || ""; };
    if (q.get("link")) {
      $("join").hidden = true;
      post("/api/join", { link: q.get("link") }).then(function (r) {
        if (r.ok) { location.replace("/me"); } else {
          problem(r.data.error || r.status); $("join").hidden = false; }
      });
    }
    if (q.get("code")) { $("code").value = q.get("code").toUpperCase(); }
    fetch("/api/pcs", { credentials: "same-origin" }).then(function (r) { return r.json(); })
      .then(function (d) {
        var labels = d.labels || {};
        $("j-title").textContent = labels["Join the table"] || "Join the table";
        $("j-code").textContent = labels.code || "code";
        $("j-pc").textContent = labels.character || "character";
        $("j-go").textContent = labels.Join || "Join";
        var sel = $("pc");
        sel.replaceChildren();
        (d.pcs || []).forEach(function (n) { var o = el("option", n); o.value = n; sel.appendChild(o); });
      });
    $("join").addEventListener("submit", function (ev) {
      ev.preventDefault();
      problem("");
      post("/api/join", { code: $("code").value.trim(), pc: $("pc").value }).then(function (r) {
        if (r.ok) { location.replace("/me"); } else { problem(r.data.error || r.status); }
      });
    });
  }

  /* -- the character's page ---------------------------------------------------------- */
  var ask = null, faces = [], lastTurn = "";
  function list(id, items) {
    var ul = $(id);
    var f = document.createDocumentFragment();
    items.forEach(function (t) { f.appendChild(el("li", t)); });
    ul.replaceChildren(f);
    ul.previousElementSibling.hidden = items.length === 0;
  }
  function pairs(id, rows) {
    var dl = $(id);
    var f = document.createDocumentFragment();
    rows.forEach(function (p) { f.appendChild(el("dt", p[0])); f.appendChild(el("dd", p[1])); });
    dl.replaceChildren(f);
  }
  function renderCard(c) {
    L = Object.assign(L, c.labels || {});
    $("name").textContent = c.name;
    document.title = c.name;
    $("wounds").textContent = c.wounds || "";
    pairs("columns", c.columns || []);
    list("conditions", (c.conditions || []).map(function (k) {
      return k.left ? k.name + " (" + k.left + ")" : k.name; }));
    list("timers", (c.timers || []).map(function (t) { return t.name + " (" + t.left + ")"; }));
    list("declared", (c.declared || []).concat(c.queued || []));
    pairs("stats", Object.keys(c.stats || {}).map(function (k) { return [k, c.stats[k]]; }));
    ["h-cond", "h-timers", "h-decl", "h-stats"].forEach(function (id) {
      var key = $(id).getAttribute("data-key") || $(id).textContent;
      $(id).setAttribute("data-key", key);
      $(id).textContent = word(key);
    });
    var turn = c.acting ? word("now") : (c.next ? word("next") : "");
    var t = $("turn");
    t.textContent = turn;
    t.className = c.acting ? "now" : "";
    if (turn && turn !== lastTurn) { buzz(c.acting ? 200 : 80); }
    lastTurn = turn;
  }
  function shownFaces() {
    var p = $("faces");
    p.replaceChildren();
    faces.forEach(function (f) { p.appendChild(el("span", f.v + " ", f.wild ? "wild" : "")); });
    $("send").disabled = faces.length === 0;
  }
  function pads(q) {
    var box = $("pads");
    box.replaceChildren();
    (q.terms || []).forEach(function (t) {
      var pad = el("div", null, "pad" + (t.wild ? " wild" : ""));
      pad.appendChild(el("p", t.wild ? word("wild die") + " (d" + t.sides + ")" :
                                      t.count + " × d" + t.sides));
      var keys = el("div", null, "keys");
      for (var v = 1; v <= Math.min(t.sides, 20); v++) {
        (function (v) {
          var b = el("button", v);
          b.type = "button";
          b.addEventListener("click", function () { faces.push({ v: v, wild: t.wild }); shownFaces(); });
          keys.appendChild(b);
        }(v));
      }
      pad.appendChild(keys);
      box.appendChild(pad);
    });
  }
  function renderAsk(q) {
    var box = $("ask");
    if (!q) { box.hidden = true; ask = null; return; }
    if (ask && ask.id === q.id) { return; }
    ask = q; faces = [];
    box.hidden = false;
    $("refused").textContent = "";
    $("ask-text").textContent = q.text;
    var dice = q.kind === "dice";
    $("dice-area").hidden = !dice;
    $("claim").hidden = dice;
    $("claim").textContent = word("claim");
    if (dice) {
      pads(q);
      shownFaces();
      $("total-row").hidden = !q.total_ok;
      $("send").textContent = word("send");
      $("total-btn").textContent = word("total");
      $("roll-me").textContent = word("roll");
      buzz([60, 40, 60]);
    }
  }
  function answer(body) {
    if (!ask) { return; }
    var sent = ask.id;
    body.id = sent;
    post("/api/answer", body).then(function (r) {
      if (!ask || ask.id !== sent) { return; }  /* the next question came already */
      if (r.ok) { $("ask").hidden = true; } else {
        $("refused").textContent = r.data.error || String(r.status); }
    });
  }
  function render(d) {
    if (d.card) { renderCard(d.card); }
    renderAsk(d.ask);
  }
  function live(ok) {
    var e = $("live");
    e.textContent = ok ? word("live") : word("offline");
    e.className = ok ? "" : "offline";
  }
  function mePage() {
    $("undo-face").addEventListener("click", function () { faces.pop(); shownFaces(); });
    $("send").addEventListener("click", function () {
      answer({ faces: faces.map(function (f) { return f.v; }) }); });
    $("total-btn").addEventListener("click", function () {
      var n = parseInt($("total").value, 10);
      if (!isNaN(n)) { answer({ total: n }); } });
    $("roll-me").addEventListener("click", function () { answer({ roll: true }); });
    $("claim").addEventListener("click", function () { answer({ choice: true }); });
    var delay = 1000, source = null;
    function connect() {
      source = new EventSource("/api/events");
      source.onmessage = function (ev) {
        delay = 1000;
        try { render(JSON.parse(ev.data)); live(true); } catch (err) { live(false); }
      };
      source.onerror = function () {
        live(false);
        if (source.readyState === EventSource.CLOSED) {
          fetch("/api/me", { credentials: "same-origin" }).then(function (r) {
            if (r.status === 401) { location.replace("/join"); return; }
            setTimeout(connect, delay);
            delay = Math.min(delay * 2, 15000);
          }, function () { setTimeout(connect, delay); delay = Math.min(delay * 2, 15000); });
        }
      };
    }
    connect();
  }

  if (document.body.id === "join-page") { joinPage(); } else { mePage(); }
}());
