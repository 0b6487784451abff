import { render } from "preact";
import "@fontsource-variable/inter";
import "../styles/app-base.css";
import "../styles/app-pieces.css";
import "../styles/app-setting.css";
import { Gallery } from "./Gallery";

const root = document.getElementById("app");
if (root) render(<Gallery />, root);
