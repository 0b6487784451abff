import { render } from "preact";
import "@fontsource-variable/inter";
import "./styles/app.css";
import "./styles/pages.css";
import "./styles/table.css";
import "./styles/pit.css";
import { App } from "./app/App";

const root = document.getElementById("app");
if (root) render(<App />, root);
