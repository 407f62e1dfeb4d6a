// The spec page's Ask panel: a position tapped in, ruled on offline by the rules module
// (ask-rules.js, globalThis.SheepsheadRules) under the standard options and under every option of
// every axis that changes the answer, each axis with the rules it belongs to. A question can also
// come in the address: ?ask=legal&role=defender&called=AH&n=4&trick=9H&hand=QD,KS,7C,
// ?ask=trick&called=AH&trick=9H,KH,QC,AH,7H, or ?ask=score&points=90&bury=0&tricks=4.
(function () {
  "use strict";
  var R = globalThis.SheepsheadRules, panel = document.getElementById("ask");
  if (!R || !panel) { return; }
  var config = JSON.parse(document.getElementById("ask-config").textContent);
  var form = document.getElementById("ask-form"), answer = document.getElementById("ask-answer");
  var state = { trick: [], hand: [] };
  panel.hidden = false;

  function value(name) {
    var field = form.elements[name];
    if (field && field.type === "checkbox") { return field.checked; }
    return field ? field.value : "";
  }
  function kind() { return value("q"); }
  function sorted(cards) { return cards.slice().sort(); }

  function ask(options) {
    var q = kind();
    if (q === "score") {
      var r = R.score({ trickPoints: Number(value("points")) - Number(value("bury")), buryPoints: Number(value("bury")),
        tricks: Number(value("tricks")), alone: value("alone"), stakes: Number(value("stakes")) || 1 }, options);
      var partner = r.partner ? ", the partner " + signed(r.partner) : "";
      return r.kind + ": the picker " + signed(r.picker) + partner + ", each defender " + signed(r.defender);
    }
    var called = value("called") || null, under = value("under") || null;
    if (q === "trick") {
      if (state.trick.length !== 5) { throw new RangeError("tap the five cards of the trick, the led card first"); }
      var winner = R.trickWinner(state.trick, options, { called: called, under: under, calledSuitLed: value("led") });
      return state.trick[winner] + " wins, " + R.cardPoints(state.trick) + " points";
    }
    if (!state.hand.length) { throw new RangeError("tap the cards the seat holds"); }
    var role = value("role");
    var legal = R.legalPlays({ hand: state.hand, trick: state.trick, trickNumber: Number(value("n")), role: role,
      called: role === "leaster" ? null : called, under: role === "leaster" ? null : under,
      calledSuitLed: value("led") }, options);
    return "may play " + sorted(legal).join(" ");
  }
  function signed(n) { return n > 0 ? "+" + n : String(n); }

  function anchor(target, text, code) {  // a link within the page, built as an element
    var a = document.createElement("a"), inner = document.createElement(code ? "code" : "span");
    a.setAttribute("h" + "ref", "#" + target); inner.textContent = text; a.appendChild(code ? inner : document.createTextNode(text));
    return a.outerHTML;
  }
  function links(ids) {
    return ids.map(function (id) { return anchor(id, id, true); }).join(", ");
  }
  function escape(text) { return String(text).replace(/[&<>"]/g, function (c) { return "&#" + c.charCodeAt(0) + ";"; }); }

  function rule() {
    document.getElementById("ask-trick").textContent = state.trick.join(" ") || "none";
    document.getElementById("ask-hand").textContent = state.hand.join(" ") || "none";
    panel.querySelectorAll("[data-for]").forEach(function (part) {
      part.hidden = part.getAttribute("data-for").split(" ").indexOf(kind()) < 0;
    });
    var base = config.profiles.standard, text;
    try { text = ask(base); } catch (error) { answer.setAttribute("data-answer", ""); answer.innerHTML = "<p>" + escape(error.message) + "</p>"; return; }
    var rows = [];
    Object.keys(R.AXES).forEach(function (axis) {
      var options = R.AXES[axis], rulings = options.map(function (option) {
        var chosen = Object.assign({}, base); chosen[axis] = option; return ask(chosen);
      });
      if (rulings.some(function (r) { return r !== rulings[0]; })) {
        options.forEach(function (option, i) {
          rows.push("<tr><td data-label=\"Axis\">" + anchor("axis-" + axis, axis, false) + "</td><td data-label=\"Option\"><code>" +
            option + "</code></td><td data-label=\"Answer\">" + escape(rulings[i]) + "</td><td data-label=\"Rules\">" +
            links(config.axisRules[axis] || []) + "</td></tr>");
        });
      }
    });
    var byAnswer = {};
    Object.keys(config.profiles).forEach(function (name) {
      var said = ask(config.profiles[name]); (byAnswer[said] = byAnswer[said] || []).push(name);
    });
    var html = "<p><strong>Under standard:</strong> <span class=\"ruling\">" + escape(text) + "</span></p>";
    html += rows.length ? "<p>Where the variants differ (each axis switched alone from standard):</p><table class=\"stack\"><thead><tr><th>Axis</th><th>Option</th><th>Answer</th><th>Rules</th></tr></thead><tbody>" + rows.join("") + "</tbody></table>"
      : "<p>No variant axis changes this answer.</p>";
    html += "<p>By profile: " + Object.keys(byAnswer).map(function (said) {
      return escape(said) + " (" + byAnswer[said].map(function (p) { return anchor("profile-" + p, p, false); }).join(", ") + ")";
    }).join("; ") + ".</p>";
    answer.setAttribute("data-answer", text);
    answer.innerHTML = html;
  }

  function tap(card) {
    var into = kind() === "trick" ? "trick" : value("into"), list = state[into], other = state[into === "trick" ? "hand" : "trick"];
    var at = list.indexOf(card);
    if (!card) { at = -2; }  // no card: only redraw
    if (at >= 0) { list.splice(at, 1); }
    else if (at === -1 && other.indexOf(card) < 0 && (into !== "trick" || list.length < (kind() === "trick" ? 5 : 4))) { list.push(card); }
    panel.querySelectorAll(".deck button").forEach(function (button) {
      var c = button.getAttribute("data-card");
      button.setAttribute("aria-pressed", String(state.trick.indexOf(c) >= 0 || state.hand.indexOf(c) >= 0));
    });
    rule();
  }

  panel.querySelectorAll(".deck button").forEach(function (button) {
    button.addEventListener("click", function () { tap(button.getAttribute("data-card")); });
  });
  document.getElementById("ask-clear").addEventListener("click", function () {
    state.trick = []; state.hand = []; tap("");
  });
  form.addEventListener("change", rule);
  form.addEventListener("input", rule);
  form.addEventListener("submit", function (event) { event.preventDefault(); rule(); });

  var params = new URLSearchParams(window.location.search);
  if (params.get("ask")) {
    ["q:ask", "role", "called", "under", "n", "points", "bury", "tricks", "stakes"].forEach(function (pair) {
      var names = pair.split(":"), field = form.elements[names[0]], given = params.get(names[1] || names[0]);
      if (field && given !== null) { field.value = given; }
    });
    form.elements.led.checked = params.get("led") === "1";
    form.elements.alone.checked = params.get("alone") === "1";
    state.trick = (params.get("trick") || "").split(",").filter(Boolean);
    state.hand = (params.get("hand") || "").split(",").filter(Boolean);
    panel.scrollIntoView();
  }
  tap("");
})();
