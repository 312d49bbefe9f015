import { at, type Rng, deg, lerp, n, type P } from './basics';
import { blobPoints, dotsPath, ellipsePath, polyPath, smoothPath, wavePoints } from './geometry';
import { vignette } from './pieces';
import { type Svg } from './svg';

/* ------------------------------------------------------------------------------------------------ */
/* Individual illustrations                                                                          */
/* ------------------------------------------------------------------------------------------------ */

export function aquiferMap(s: Svg, rng: Rng): void {
  const { w: W, h: H } = s;
  const kx = 176;
  const ky = 187;
  const proj = ([lon, lat]: P): P => [(lon + 93.3) * kx, (22.25 - lat) * ky];
  // sea
  s.rect(
    0,
    0,
    W,
    H,
    s.lin(
      [
        [0, '#0a4f6e'],
        [0.5, '#0c6e8a'],
        [1, '#0b5a79'],
      ],
      0,
      0,
      1,
      1,
    ),
  );
  const coast: P[] = [
    [-94.6, 18.15],
    [-93.5, 18.42],
    [-92.9, 18.55],
    [-92.4, 18.65],
    [-91.85, 18.62],
    [-91.35, 18.75],
    [-91.0, 18.95],
    [-90.75, 19.35],
    [-90.6, 19.75],
    [-90.5, 20.15],
    [-90.45, 20.5],
    [-90.4, 20.85],
    [-90.3, 21.05],
    [-90.0, 21.2],
    [-89.65, 21.3],
    [-89.2, 21.35],
    [-88.7, 21.43],
    [-88.2, 21.6],
    [-87.7, 21.55],
    [-87.25, 21.58],
    [-87.05, 21.55],
    [-86.85, 21.3],
    [-86.8, 21.05],
    [-86.95, 20.8],
    [-87.1, 20.6],
    [-87.3, 20.4],
    [-87.45, 20.2],
    [-87.5, 19.95],
    [-87.45, 19.75],
    [-87.65, 19.55],
    [-87.55, 19.3],
    [-87.7, 19.0],
    [-87.8, 18.6],
    [-87.85, 18.25],
    [-88.1, 18.45],
    [-88.3, 18.5],
    [-88.25, 18.1],
    [-88.3, 17.7],
    [-88.3, 16.5],
    [-94.6, 16.5],
  ];
  const land = coast.map(proj);
  const landD = smoothPath(land, true, 0.6);
  // shallow shelf (Campeche Bank) as a soft glow around the coast
  s.path(landD, '#3fb8b0', { opacity: 0.55, filter: s.blur(55) });
  s.path(landD, '#7fe0d0', { opacity: 0.45, filter: s.blur(18) });
  // graticule
  let grid = '';
  for (let lon = -93; lon <= -85; lon++) grid += `M${n(proj([lon, 0])[0])},0V${H}`;
  for (let lat = 18; lat <= 22; lat++) grid += `M0,${n(proj([0, lat])[1])}H${W}`;
  s.path(grid, 'none', { stroke: '#e8fbf6', 'stroke-width': 1, 'stroke-opacity': 0.12, 'stroke-dasharray': '4 8' });
  // land
  s.path(
    landD,
    s.lin(
      [
        [0, '#d7cf98'],
        [0.35, '#a9c67f'],
        [0.7, '#6ea862'],
        [1, '#3f8a55'],
      ],
      0.1,
      0,
      0.7,
      1,
    ),
  );
  s.group({ 'clip-path': s.clip(landD) }, () => {
    let patches = '';
    for (let i = 0; i < 22; i++) {
      const p = proj([rng.range(-92.5, -87.3), rng.range(17.6, 21.2)]);
      patches += smoothPath(blobPoints(rng, p[0], p[1], rng.range(40, 120), rng.range(25, 70), 8, 0.25), true);
    }
    s.path(patches, '#2f7a4a', { opacity: 0.18 });
    s.path(landD, 'none', { stroke: '#fff8df', 'stroke-width': 10, 'stroke-opacity': 0.35 });
  });
  s.path(landD, 'none', { stroke: '#f6f0d8', 'stroke-width': 2.5, 'stroke-opacity': 0.9 });
  // Laguna de Términos and Cozumel
  const lt = proj([-91.55, 18.6]);
  s.ellipse(lt[0], lt[1], 44, 16, '#3fb8b0', { transform: `rotate(-12 ${n(lt[0])} ${n(lt[1])})` });
  const cz = proj([-86.93, 20.42]);
  s.ellipse(cz[0], cz[1], 30, 11, '#a9c67f', {
    stroke: '#f6f0d8',
    'stroke-width': 2,
    transform: `rotate(-52 ${n(cz[0])} ${n(cz[1])})`,
  });
  // the Chicxulub ring of cenotes
  const c = proj([-89.52, 21.3]);
  const R = 158;
  s.circle(c[0], c[1], R, 'none', {
    stroke: '#ffe3a3',
    'stroke-width': 2,
    'stroke-opacity': 0.4,
    'stroke-dasharray': '2 9',
  });
  s.circle(c[0], c[1], R * 0.55, 'none', {
    stroke: '#ffe3a3',
    'stroke-width': 1.5,
    'stroke-opacity': 0.25,
    'stroke-dasharray': '2 9',
  });
  const ring: [number, number, number][] = [];
  for (let i = 0; i < 54; i++) {
    const a = deg(lerp(-4, 184, i / 53) + rng.range(-1.5, 1.5));
    const rr = R + rng.range(-9, 9);
    ring.push([c[0] + Math.cos(a) * rr, c[1] + Math.sin(a) * rr, rng.range(2.5, 5.5)]);
  }
  s.group({ 'clip-path': s.clip(landD) }, () => {
    s.path(dotsPath(ring.map(([x, y, r]) => [x, y, r * 2.2] as const)), '#6ff5e6', { opacity: 0.28 });
    s.path(dotsPath(ring), '#e9fffb');
  });
  // underground rivers toward the Riviera Maya
  const mouths: P[] = [
    [-87.47, 20.19],
    [-87.3, 20.4],
    [-87.1, 20.6],
    [-87.5, 19.97],
    [-87.2, 20.5],
  ];
  let rivers = '';
  const caves: [number, number, number][] = [];
  for (const m of mouths) {
    const start: P = [m[0] - rng.range(0.6, 1.1), m[1] + rng.range(-0.35, 0.35)];
    const pts: P[] = [];
    for (let i = 0; i <= 5; i++) {
      const t = i / 5;
      pts.push(
        proj([
          lerp(start[0], m[0], t) + (i && i < 5 ? rng.range(-0.06, 0.06) : 0),
          lerp(start[1], m[1], t) + (i && i < 5 ? rng.range(-0.08, 0.08) : 0),
        ]),
      );
    }
    rivers += smoothPath(pts, false);
    for (let i = 1; i < 5; i++) if (rng.chance(0.7)) caves.push([...at(pts, i), rng.range(3, 5)]);
  }
  s.path(rivers, 'none', { stroke: '#5ff0e0', 'stroke-width': 9, 'stroke-opacity': 0.2, 'stroke-linecap': 'round' });
  s.path(rivers, 'none', {
    stroke: '#bffcf3',
    'stroke-width': 2.6,
    'stroke-opacity': 0.85,
    'stroke-linecap': 'round',
    'stroke-dasharray': '10 6',
  });
  s.path(dotsPath(caves.map(([x, y, r]) => [x, y, r * 2.6] as const)), '#6ff5e6', { opacity: 0.25 });
  s.path(dotsPath(caves), '#fff4d0');
  // scattered cenotes elsewhere
  const other: [number, number, number][] = [];
  for (let i = 0; i < 26; i++) {
    const p = proj([rng.range(-90.2, -87.9), rng.range(19.2, 21.0)]);
    other.push([p[0], p[1], rng.range(1.8, 3.2)]);
  }
  s.path(dotsPath(other), '#e9fffb', { opacity: 0.65 });
  // compass rose
  const [kx0, ky0] = [W - 150, 150];
  s.circle(kx0, ky0, 62, 'none', { stroke: '#f6f0d8', 'stroke-width': 2, 'stroke-opacity': 0.6 });
  s.circle(kx0, ky0, 50, 'none', { stroke: '#f6f0d8', 'stroke-width': 1, 'stroke-opacity': 0.35 });
  let star = '';
  for (let i = 0; i < 4; i++) {
    const a = deg(i * 90 - 90);
    const l = i === 0 ? 84 : 66;
    star += polyPath([
      [kx0, ky0],
      [kx0 + Math.cos(a - 0.28) * 16, ky0 + Math.sin(a - 0.28) * 16],
      [kx0 + Math.cos(a) * l, ky0 + Math.sin(a) * l],
      [kx0 + Math.cos(a + 0.28) * 16, ky0 + Math.sin(a + 0.28) * 16],
    ]);
  }
  s.path(star, '#f6f0d8', { opacity: 0.85 });
  s.path(
    polyPath([
      [kx0, ky0],
      [kx0 - 16 * Math.sin(0.28), ky0 - 16 * Math.cos(0.28)],
      [kx0, ky0 - 84],
    ]),
    '#f2c14e',
  );
  // frame
  s.rect(24, 24, W - 48, H - 48, 'none', { stroke: '#f6f0d8', 'stroke-width': 2, 'stroke-opacity': 0.45, rx: 18 });
  vignette(s, 0.35, '#021a26');
}

export function diveGear(s: Svg, rng: Rng): void {
  const { w: W, h: H } = s;
  s.rect(
    0,
    0,
    W,
    H,
    s.lin(
      [
        [0, '#e7f4ef'],
        [1, '#bfe3df'],
      ],
      0,
      0,
      1,
      1,
    ),
  );
  s.circle(
    W * 0.5,
    H * 0.5,
    620,
    s.rad(
      [
        [0, '#ffffff', 0.7],
        [1, '#ffffff', 0],
      ],
      W * 0.5,
      H * 0.45,
      700,
    ),
  );
  // dotted wave pattern behind
  let waves = '';
  for (let i = 0; i < 7; i++) waves += smoothPath(wavePoints(-20, W + 20, 90 + i * 120, 10, 0.012, i, 20), false);
  s.path(waves, 'none', { stroke: '#7ccfc8', 'stroke-width': 2, 'stroke-opacity': 0.22 });
  const shadow = (draw: () => void): void => {
    s.group({ transform: 'translate(14 18)', opacity: 0.16, filter: s.blur(8) }, draw);
  };
  // tank
  const tank = (): void => {
    s.rect(220, 170, 150, 560, '#2a5260', { rx: 75 });
  };
  shadow(tank);
  s.rect(
    220,
    170,
    150,
    560,
    s.lin(
      [
        [0, '#8fa6ad'],
        [0.3, '#e4eef0'],
        [0.55, '#b9cad0'],
        [1, '#5d7680'],
      ],
      0,
      0,
      1,
      0,
    ),
    { rx: 75 },
  );
  s.rect(220, 610, 150, 40, '#f2c14e');
  s.rect(220, 660, 150, 70, '#1f3f4b', { rx: 0 });
  s.path('M220,660H370V680C370,710 340,730 295,730C250,730 220,710 220,680Z', '#1f3f4b');
  s.rect(270, 120, 50, 60, '#52646b', { rx: 8 });
  s.rect(250, 100, 90, 30, '#394b52', { rx: 12 });
  s.circle(355, 115, 22, '#23343a');
  s.circle(355, 115, 10, '#8fa6ad');
  // regulator: first stage, hose, second stage
  s.path('M340,110C470,80 500,260 470,360C450,430 520,470 600,450', 'none', {
    stroke: '#16323d',
    'stroke-width': 18,
    'stroke-linecap': 'round',
  });
  s.circle(600, 450, 58, '#1f4652');
  s.circle(600, 450, 42, '#2e6b78');
  s.circle(600, 450, 18, '#f2c14e');
  s.path('M640,480L690,520L670,545L622,505Z', '#16323d');
  s.path('M330,110C380,60 420,160 390,230', 'none', {
    stroke: '#f2c14e',
    'stroke-width': 12,
    'stroke-linecap': 'round',
  });
  // mask
  const mask = (): void => {
    s.path(
      'M640,170C640,130 680,118 740,118C790,118 800,140 820,140C840,140 850,118 900,118C960,118 1000,130 1000,170C1000,240 960,270 900,270C850,270 845,230 820,230C795,230 790,270 740,270C680,270 640,240 640,170Z',
      '#1d3942',
    );
  };
  shadow(mask);
  s.path(ellipsePath(820, 150, 265, 92), 'none', { stroke: '#24424c', 'stroke-width': 20 });
  s.path(ellipsePath(820, 150, 265, 92), 'none', { stroke: '#35606b', 'stroke-width': 4, 'stroke-dasharray': '2 14' });
  mask();
  s.path(
    'M662,175C662,145 690,138 740,138C780,138 800,158 800,185C800,225 780,250 740,250C690,250 662,225 662,175Z',
    s.lin(
      [
        [0, '#bff3f0'],
        [1, '#58bcc4'],
      ],
      0,
      0,
      1,
      1,
    ),
  );
  s.path(
    'M978,175C978,145 950,138 900,138C860,138 840,158 840,185C840,225 860,250 900,250C950,250 978,225 978,175Z',
    s.lin(
      [
        [0, '#bff3f0'],
        [1, '#58bcc4'],
      ],
      0,
      0,
      1,
      1,
    ),
  );
  s.path('M690,160L730,150M870,150L920,160', 'none', {
    stroke: '#ffffff',
    'stroke-width': 6,
    'stroke-linecap': 'round',
    'stroke-opacity': 0.8,
  });
  // fins
  const fin = (x: number, y: number, rot: number, col: string): void => {
    s.group({ transform: `translate(${x} ${y}) rotate(${rot})` }, () => {
      s.path('M-62,0C-62,-60 -40,-110 0,-110C40,-110 62,-60 62,0L90,330C60,360 -60,360 -90,330Z', '#1b3139', {
        transform: 'translate(12 16)',
        opacity: 0.16,
      });
      s.path('M-62,0C-62,-60 -40,-110 0,-110C40,-110 62,-60 62,0L90,330C60,360 -60,360 -90,330Z', col);
      s.path('M-50,-20C-50,-70 -30,-95 0,-95C30,-95 50,-70 50,-20C30,-8 -30,-8 -50,-20Z', '#0f1f25');
      s.path('M-40,40L-62,320M0,30V335M40,40L62,320', 'none', {
        stroke: '#ffffff',
        'stroke-width': 5,
        'stroke-opacity': 0.25,
      });
    });
  };
  fin(1180, 330, -14, '#137f8c');
  fin(1370, 360, 10, '#0f6c78');
  // torch
  s.group({ transform: 'translate(560 720) rotate(-6)' }, () => {
    s.path('M0,-34H300V34H0Z', '#1b3139', { transform: 'translate(10 16)', opacity: 0.16 });
    s.rect(
      0,
      -34,
      300,
      68,
      s.lin([
        [0, '#3c4c52'],
        [0.4, '#7d9096'],
        [1, '#2a373c'],
      ]),
      { rx: 14 },
    );
    s.path('M300,-34L370,-58V58L300,34Z', '#2a373c');
    s.ellipse(372, 0, 16, 58, '#fff6d8');
    s.ellipse(372, 0, 9, 40, '#ffffff');
    s.path('M60,-34V34M90,-34V34', 'none', { stroke: '#f2c14e', 'stroke-width': 8 });
    s.path(
      'M388,-58L560,-120V120L388,58Z',
      s.lin(
        [
          [0, '#fff6d8', 0.6],
          [1, '#fff6d8', 0],
        ],
        0,
        0,
        1,
        0,
      ),
      { filter: s.blur(8) },
    );
  });
  // reel with line
  s.circle(870, 470, 80, '#1b3139', { opacity: 0.16, filter: s.blur(8), transform: 'translate(12 16)' });
  s.circle(870, 470, 80, '#24424c');
  s.circle(870, 470, 62, '#f4efe1');
  s.circle(870, 470, 22, '#24424c');
  s.path('M870,390V350M850,350H890', 'none', { stroke: '#24424c', 'stroke-width': 12, 'stroke-linecap': 'round' });
  let line = '';
  for (let i = 0; i < 6; i++) line += ellipsePath(870, 470, 30 + i * 5.5, 30 + i * 5.5);
  s.path(line, 'none', { stroke: '#d7cfb8', 'stroke-width': 1.5 });
  // bubbles
  const dots: [number, number, number][] = [];
  for (let i = 0; i < 16; i++) dots.push([rng.range(40, W - 40), rng.range(40, H - 40), rng.range(4, 14)]);
  s.path(dotsPath(dots), 'none', { stroke: '#5fb9b6', 'stroke-width': 2.5, 'stroke-opacity': 0.35 });
}
