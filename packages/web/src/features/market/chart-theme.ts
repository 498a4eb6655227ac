/**
 * apexcharts in the colour theme shown (it draws SVG with its own colours, not Chakra's tokens): text, grid and
 * axis lines, tooltip and series colours that keep AA contrast on the card's background in light and dark.
 */
export function chartTheme(mode: 'light' | 'dark') {
  const dark = mode === 'dark';
  return {
    theme: { mode },
    // A transparent background lets the card's own (bg.panel) show through.
    chart: { foreColor: dark ? '#d4d4d8' : '#3f3f46', background: 'transparent' },
    grid: dark ? '#3f3f46' : '#e4e4e7',
    border: dark ? '#52525b' : '#d4d4d8',
    // Teal, blue, amber: the 700 shades on white, the 300 shades on the dark panel.
    series: dark ? ['#5eead4', '#93c5fd', '#fcd34d'] : ['#0f766e', '#1d4ed8', '#b45309'],
  };
}
