// GraphiQL for graphsvc: the README's example operations as saved tabs (examples.graphql), queries to
// POST /graphql on this origin. GraphiQL keeps the tabs you edit in localStorage; "Reset tabs" in its
// settings (or clearing site data) brings the examples back.
(function () {
  "use strict";

  /** Split examples.graphql into tabs: each starts at a "# tab: <title>" line, with an optional
   *  "# variables: {json}" line after it. */
  function parseExamples(text) {
    var tabs = [];
    var blocks = text.split(/^# tab: .*$/m).slice(1);
    blocks.forEach(function (block) {
      var variables = null;
      var body = block.replace(/^\s*# variables: (.*)$/m, function (_all, json) {
        variables = JSON.stringify(JSON.parse(json), null, 2);
        return "";
      });
      tabs.push({ query: body.trim() + "\n", variables: variables });
    });
    return tabs;
  }

  function mount(tabs) {
    var fetcher = GraphiQL.createFetcher({ url: window.location.origin + "/graphql" });
    // On a first visit GraphiQL opens the first tab's query but not its variables: give them here.
    var firstVisit = !window.localStorage.getItem("graphiql:tabState");
    var root = ReactDOM.createRoot(document.getElementById("graphiql"));
    root.render(
      React.createElement(GraphiQL, {
        fetcher: fetcher,
        defaultTabs: tabs.length ? tabs : undefined,
        variables: firstVisit && tabs.length ? tabs[0].variables : undefined,
        defaultEditorToolsVisibility: true,
        isHeadersEditorEnabled: true,
        shouldPersistHeaders: false,
        inputValueDeprecation: true,
      })
    );
  }

  fetch("/static/graphiql/examples.graphql")
    .then(function (response) {
      return response.ok ? response.text() : "";
    })
    .then(parseExamples)
    .catch(function () {
      return [];
    })
    .then(mount);
})();
