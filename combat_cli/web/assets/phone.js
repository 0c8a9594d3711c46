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
    var dice = q.kind === "dice", choice = q.kind === "choice";
    $("dice-area").hidden = !dice;
    $("claim").hidden = dice || choice;
    $("claim").textContent = word("claim");
    var box2 = $("choices");
    box2.hidden = !choice;
    box2.replaceChildren();
    if (choice) {
      (q.choices || []).forEach(function (c) {
        var b = el("button", c.label, c.value === "pass" ? "quiet" : "");
        b.type = "button";
        b.setAttribute("data-choice", c.value);
        b.addEventListener("click", function () { answer({ choice: c.value }); });
        box2.appendChild(b);
      });
      buzz([60, 40, 60]);
    }
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
  /* -- the declaration form (or the action of one's turn), built from the ruleset's own
     action specs; what it sends is the line the GM would type, read by the same parser -- */
  var form = null, formKey = "", rows = [];
  function fw(k) { return (form && form.words && form.words[k]) || k; }
  function quote(w) {
    return /^[^\s"'\\,=]+$/.test(w) ? w : '"' + w.replace(/(["\\])/g, "\\$1") + '"';
  }
  function spec(name) {
    return (form.actions || []).filter(function (a) { return a.name === name; })[0];
  }
  function lineOf() {
    return rows.map(function (r) {
      var a = spec(r.action), words = [r.action];
      if (!a) { return ""; }
      if (a.target !== "none" && r.target) { words.push(quote(r.target)); }
      (a.options || []).forEach(function (o) {
        var v = (r.opts[o.name] || "").trim();
        if (v) { words.push(o.name + "=" + quote(v)); }
      });
      return words.join(" ");
    }).filter(Boolean).join(", ");
  }
  function select(values, labels, current, blank) {
    var s = el("select");
    if (blank !== undefined) { var o0 = el("option", blank); o0.value = ""; s.appendChild(o0); }
    values.forEach(function (v, i) {
      var o = el("option", labels ? labels[i] : v);
      o.value = v;
      if (v === current) { o.selected = true; }
      s.appendChild(o);
    });
    return s;
  }
  function rowView(r, i) {
    var box = el("div", null, "decl-row");
    var acts = form.actions || [];
    var a = spec(r.action) || acts[0];
    r.action = a.name;
    var pick = select(acts.map(function (x) { return x.name; }),
                      acts.map(function (x) { return x.label; }), r.action);
    pick.setAttribute("aria-label", fw("actions"));
    pick.addEventListener("change", function () {
      r.action = pick.value; r.opts = {}; drawRows(); });
    box.appendChild(pick);
    if (a.help) { box.appendChild(el("p", a.help, "help")); }
    if (a.target !== "none") {
      var names = (form.targets || []).concat([form.self]);
      if (a.target === "required" && !r.target) { r.target = names[0] || ""; }
      var t = select(names, null, r.target, a.target === "required" ? undefined : fw("no target"));
      t.setAttribute("aria-label", fw("target"));
      t.addEventListener("change", function () { r.target = t.value; shownLine(); });
      box.appendChild(t);
    }
    if ((a.options || []).length) {
      var more = el("details"), sum = el("summary", fw("options"));
      more.appendChild(sum);
      a.options.forEach(function (o) {
        var lab = el("label", o.name + " "), input;
        if (o.choices && o.choices.length) {
          input = select(o.choices, null, r.opts[o.name] || "", "–");
          input.addEventListener("change", function () { r.opts[o.name] = input.value; shownLine(); });
        } else {
          input = el("input");
          input.type = o.kind === "int" ? "number" : "text";
          if (o.kind === "int") { input.inputMode = "numeric"; }
          input.value = r.opts[o.name] || "";
          input.addEventListener("input", function () { r.opts[o.name] = input.value; shownLine(); });
        }
        if (o.help) { input.title = o.help; }
        lab.appendChild(input);
        more.appendChild(lab);
      });
      if (Object.keys(r.opts).length) { more.open = true; }
      box.appendChild(more);
    }
    if (rows.length > 1) {
      var rm = el("button", fw("remove"), "quiet");
      rm.type = "button";
      rm.addEventListener("click", function () { rows.splice(i, 1); drawRows(); });
      box.appendChild(rm);
    }
    return box;
  }
  function drawRows() {
    var f = document.createDocumentFragment();
    rows.forEach(function (r, i) { f.appendChild(rowView(r, i)); });
    $("decl-rows").replaceChildren(f);
    $("decl-add").hidden = rows.length >= (form.most || 1);
    shownLine();
  }
  function shownLine() {
    var n = rows.length, cost = (form.costs || [])[n - 1] || "";
    $("decl-cost").textContent = cost ? n + " " + fw("actions") + ": " + cost : "";
    $("decl-line").textContent = lineOf();
    $("decl-send").disabled = !lineOf() || !!form.pending;
  }
  function renderForm(d) {
    var box = $("decl");
    if (!d) { box.hidden = true; form = null; formKey = ""; return; }
    var key = JSON.stringify([d.kind, d.actions, d.targets, d.self]);
    form = d;
    box.hidden = false;
    $("decl-title").textContent = fw(d.kind === "act" ? "Your turn" : "Declare");
    $("decl-add").textContent = "+ " + fw("add an action");
    $("decl-send").textContent = fw((d.declared || []).length ? "change" : "Send");
    if (key !== formKey) {
      formKey = key;
      rows = [{ action: (d.actions[0] || {}).name, target: "", opts: {} }];
      $("decl-refused").textContent = "";
      drawRows();
    } else { shownLine(); }
    var state = d.pending ? fw("waiting for the GM") + ": " + d.pending :
      ((d.declared || []).length ? fw("declared") + ": " + d.declared.join(", ") + " — " +
        fw("sealed until the GM reveals") : (d.said || ""));
    $("decl-state").textContent = state;
  }
  function sendForm() {
    if (!form) { return; }
    var text = lineOf();
    $("decl-refused").textContent = "";
    $("decl-send").disabled = true;
    post("/api/declare", { text: text }).then(function (r) {
      $("decl-send").disabled = false;
      if (!r.ok) { $("decl-refused").textContent = r.data.error || String(r.status); }
    }, function () { $("decl-send").disabled = false; });
  }
  function render(d) {
    if (d.card) { renderCard(d.card); }
    renderAsk(d.ask);
    renderForm(d.declare);
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
    $("decl-add").addEventListener("click", function () {
      rows.push({ action: (form.actions[0] || {}).name, target: "", opts: {} }); drawRows(); });
    $("decl-send").addEventListener("click", sendForm);
    var first = $("state");  /* the page came with this phone's view: drawn at once */
    if (first) {
      try { render(JSON.parse(first.textContent)); } catch (err) { /* the stream will do */ }
    }
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
