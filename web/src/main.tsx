import { render } from "preact";
import "@fontsource-variable/inter";
import "./styles/app.css";
import { App } from "./app/App";

const root = document.getElementById("app");
if (root) render(<App />, root);
