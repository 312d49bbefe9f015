import { Rng, fmt, lerp, mix, n, type P } from './basics';
import { blobPoints, dotsPath, dripPath, ellipsePath, sampleSmooth, smoothPath } from './geometry';
import { beam, particles, vignette } from './pieces';
import { type Svg } from './svg';

export function torchShape(
  s: Svg,
  x: number,
  y: number,
  angle: number,
  len: number,
  dia: number,
  body: string,
  beamLen: number,
): void {
  s.group({ transform: `translate(${n(x)} ${n(y)}) rotate(${fmt(angle)})` }, () => {
    s.path(
      `M${n(dia * 1.1)},${n(-dia * 0.7)}L${n(dia * 1.1 + beamLen)},${n(-dia * 0.7 - beamLen * 0.22)}L${n(dia * 1.1 + beamLen)},${n(dia * 0.7 + beamLen * 0.22)}L${n(dia * 1.1)},${n(dia * 0.7)}Z`,
      s.lin(
        [
          [0, '#fff4d6', 0.55],
          [1, '#fff4d6', 0],
        ],
        0,
        0,
        1,
        0,
      ),
      { filter: s.blur(10) },
    );
    s.path(
      `M${n(dia)},${n(-dia * 0.4)}L${n(dia + beamLen * 0.8)},${n(-dia * 0.4 - beamLen * 0.08)}L${n(dia + beamLen * 0.8)},${n(dia * 0.4 + beamLen * 0.08)}L${n(dia)},${n(dia * 0.4)}Z`,
      s.lin(
        [
          [0, '#ffffff', 0.6],
          [1, '#ffffff', 0],
        ],
        0,
        0,
        1,
        0,
      ),
      { filter: s.blur(5) },
    );
    s.rect(
      -len,
      -dia / 2,
      len,
      dia,
      s.lin([
        [0, mix(body, '#ffffff', 0.35)],
        [0.45, body],
        [1, mix(body, '#000000', 0.5)],
      ]),
      { rx: dia * 0.25 },
    );
    s.path(
      `M0,${n(-dia / 2)}L${n(dia)},${n(-dia * 0.72)}V${n(dia * 0.72)}L0,${n(dia / 2)}Z`,
      mix(body, '#000000', 0.35),
    );
    s.ellipse(dia, 0, dia * 0.16, dia * 0.72, '#fff8e4');
    s.circle(
      dia + 2,
      0,
      dia * 0.9,
      s.radBox([
        [0, '#ffffff', 0.9],
        [1, '#fff4d6', 0],
      ]),
    );
    let rings = '';
    for (let i = 1; i < 5; i++) rings += `M${n(-len + i * dia * 0.18)},${n(-dia / 2)}v${n(dia)}`;
    s.path(rings, 'none', { stroke: '#000000', 'stroke-opacity': 0.3, 'stroke-width': 2 });
    s.rect(-len * 0.55, -dia / 2 - 4, len * 0.12, dia + 8, '#f2c14e', { rx: 3 });
  });
}

export function safetyLights(s: Svg, rng: Rng): void {
  const { w: W, h: H } = s;
  s.rect(
    0,
    0,
    W,
    H,
    s.rad(
      [
        [0, '#0f4c64'],
        [0.6, '#072a3d'],
        [1, '#020d16'],
      ],
      W * 0.6,
      H * 0.5,
      W * 0.8,
      H * 0.9,
    ),
  );
  // cave wall on the right, lit by the beams
  const wall: P[] = [
    [W * 0.86, -20],
    [W * 0.8, H * 0.2],
    [W * 0.84, H * 0.45],
    [W * 0.78, H * 0.7],
    [W * 0.83, H + 20],
    [W + 20, H + 20],
    [W + 20, -20],
  ];
  s.path(
    smoothPath(wall, false) + 'Z',
    s.rad(
      [
        [0, '#c8ab7f'],
        [0.35, '#5b5040'],
        [1, '#0c1820'],
      ],
      W * 0.82,
      H * 0.48,
      260,
      420,
    ),
  );
  const floor: P[] = [];
  for (let i = 0; i <= 8; i++) floor.push([lerp(-20, W + 20, i / 8), H - rng.range(40, 90)]);
  s.path(smoothPath(floor, false) + `L${W + 20},${H + 20}L-20,${H + 20}Z`, '#04131d');
  torchShape(s, 520, 300, 10, 230, 62, '#37474d', 800);
  torchShape(s, 470, 500, 0, 170, 44, '#c5a032', 760);
  torchShape(s, 520, 680, -10, 170, 44, '#2a7f8a', 740);
  // canister and cord for the primary light
  s.rect(
    80,
    560,
    170,
    300,
    s.lin(
      [
        [0, '#2a373c'],
        [0.4, '#5d6f75'],
        [1, '#1a2327'],
      ],
      0,
      0,
      1,
      0,
    ),
    { rx: 40 },
  );
  s.rect(80, 600, 170, 24, '#f2c14e');
  s.path('M165,560C165,420 240,300 290,300', 'none', {
    stroke: '#101a1f',
    'stroke-width': 14,
    'stroke-linecap': 'round',
  });
  s.circle(
    W * 0.83,
    H * 0.48,
    180,
    s.radBox([
      [0, '#fff6de', 0.35],
      [1, '#fff6de', 0],
    ]),
  );
  particles(s, rng, 0, 0, W, H, 70, '#e5fbff', 0.2);
  vignette(s, 0.5);
}

export function certificationCards(s: Svg, _rng: Rng): void {
  const { w: W, h: H } = s;
  s.rect(
    0,
    0,
    W,
    H,
    s.lin(
      [
        [0, '#0e5d6e'],
        [1, '#0a3a4e'],
      ],
      0,
      0,
      1,
      1,
    ),
  );
  s.circle(
    W * 0.5,
    H * 0.45,
    700,
    s.rad(
      [
        [0, '#3fb8b0', 0.45],
        [1, '#3fb8b0', 0],
      ],
      W * 0.5,
      H * 0.45,
      700,
    ),
  );
  let rings = '';
  for (let i = 1; i < 9; i++) rings += ellipsePath(W * 0.5, H * 0.5, i * 110, i * 70);
  s.path(rings, 'none', { stroke: '#bff3ee', 'stroke-width': 1.5, 'stroke-opacity': 0.08 });
  const cards: [number, number, number, string, string][] = [
    [560, 430, -16, '#0b6f7c', '#19a7b0'],
    [720, 400, -5, '#1d3f6b', '#2f6fa3'],
    [880, 420, 6, '#b5793a', '#e0a85a'],
    [1040, 460, 16, '#0f4c5c', '#137f8c'],
  ];
  for (const [x, y, rot, c1, c2] of cards) {
    s.group({ transform: `translate(${x} ${y}) rotate(${rot})` }, () => {
      s.rect(-240, -150, 480, 300, '#01131c', {
        rx: 24,
        opacity: 0.35,
        filter: s.blur(14),
        transform: 'translate(14 22)',
      });
      s.rect(
        -240,
        -150,
        480,
        300,
        s.lin(
          [
            [0, c2],
            [1, c1],
          ],
          0,
          0,
          1,
          1,
        ),
        { rx: 24 },
      );
      s.path(
        'M-240,60C-140,20 -40,100 60,60C140,28 200,40 240,56V126C240,139 229,150 216,150H-216C-229,150 -240,139 -240,126Z',
        '#ffffff',
        { opacity: 0.12 },
      );
      s.path('M-240,96C-140,60 -40,130 60,96C140,68 200,80 240,92', 'none', {
        stroke: '#ffffff',
        'stroke-width': 3,
        'stroke-opacity': 0.2,
      });
      s.circle(-170, -80, 42, '#ffffff', { opacity: 0.92 });
      s.path('M-212,-80A42,42 0 0,0 -128,-80Z', c1);
      s.path('M-178,-122L-184,-80H-156L-162,-122Z', '#ffffff', { opacity: 0.6 });
      s.rect(90, -110, 120, 150, '#ffffff', { rx: 12, opacity: 0.9 });
      s.circle(150, -55, 28, mix(c1, '#ffffff', 0.4));
      s.path('M100,40C100,-5 200,-5 200,40Z', mix(c1, '#ffffff', 0.4));
      s.rect(-100, -100, 160, 18, '#ffffff', { rx: 9, opacity: 0.8 });
      s.rect(-100, -66, 110, 14, '#ffffff', { rx: 7, opacity: 0.55 });
      s.rect(-210, -10, 250, 14, '#ffffff', { rx: 7, opacity: 0.55 });
      s.rect(-210, 18, 190, 14, '#ffffff', { rx: 7, opacity: 0.55 });
      s.rect(-210, 80, 60, 44, '#f2d27a', { rx: 8 });
      s.path('M-210,94H-150M-210,110H-150M-190,80V124M-170,80V124', 'none', { stroke: '#b8932f', 'stroke-width': 2 });
    });
  }
  const dots: [number, number, number][] = [];
  const rng2 = new Rng('cards-bubbles');
  for (let i = 0; i < 22; i++) dots.push([rng2.range(0, W), rng2.range(0, H), rng2.range(3, 10)]);
  s.path(dotsPath(dots), 'none', { stroke: '#bff3ee', 'stroke-width': 2, 'stroke-opacity': 0.25 });
  vignette(s, 0.4);
}

export function caveFauna(s: Svg, rng: Rng): void {
  const { w: W, h: H } = s;
  darkCaveBackdrop(s, rng);
  const pale = '#f4e6dc';
  // blind cave fish (eyeless, pale, long fins)
  const fishBody = (x: number, y: number, sc: number, flip: boolean): void => {
    s.group({ transform: `translate(${x} ${y}) scale(${flip ? -sc : sc} ${sc})` }, () => {
      s.path(
        'M120,0C110,-22 70,-30 20,-26C-40,-22 -100,-14 -150,-4L-190,-22L-182,0L-190,22L-150,4C-100,14 -40,22 20,26C70,28 110,22 120,0Z',
        s.lin([
          [0, '#fbeee6'],
          [1, '#d9b7aa'],
        ]),
      );
      s.path(
        'M60,-26C0,-40 -80,-30 -150,-8C-90,-22 -20,-26 60,-26ZM50,26C-10,38 -90,28 -150,8C-90,20 -20,26 50,26Z',
        '#f7e2d8',
        { opacity: 0.7 },
      );
      s.path('M96,-4C100,0 100,4 96,8', 'none', { stroke: '#b58e80', 'stroke-width': 2.5 });
      s.path('M80,-18C84,-6 84,8 78,20', 'none', { stroke: '#d4a898', 'stroke-width': 3, 'stroke-opacity': 0.7 });
    });
  };
  fishBody(760, 300, 1.25, false);
  fishBody(360, 580, 0.8, true);
  // cave shrimp: translucent, eyeless, with long antennae and a fanned tail
  const shrimp = (x: number, y: number, sc: number, rot: number): void => {
    s.group({ transform: `translate(${x} ${y}) rotate(${rot}) scale(${sc})` }, () => {
      s.path('M112,-6C160,-40 220,-62 300,-52M112,-2C170,2 230,30 292,62', 'none', {
        stroke: '#eaf6f4',
        'stroke-width': 1.8,
        'stroke-opacity': 0.75,
      });
      s.path('M96,4L104,40M84,6L88,46M70,7L70,44M56,8L52,40M30,8L26,28M8,8L2,28M-16,12L-24,30', 'none', {
        stroke: '#eaf6f4',
        'stroke-width': 2,
        'stroke-opacity': 0.6,
      });
      s.path(
        'M132,-10L104,-10C98,-26 62,-34 30,-31C-2,-28 -32,-22 -54,-10C-72,2 -82,20 -80,38L-96,54L-72,50L-64,64L-60,44C-58,28 -48,16 -30,10C-8,4 20,5 50,7C80,9 100,6 112,0Z',
        s.lin([
          [0, '#f6fcfb', 0.9],
          [1, '#b6d8d4', 0.6],
        ]),
      );
      s.path(
        'M28,-30C34,-12 34,0 28,6M4,-27C10,-10 10,2 4,8M-20,-21C-14,-6 -16,6 -22,12M-42,-13C-36,0 -38,12 -44,18',
        'none',
        { stroke: '#8fb9b5', 'stroke-width': 1.6, 'stroke-opacity': 0.7 },
      );
      s.path('M104,-10C90,-4 70,-2 54,-4', 'none', { stroke: '#ffffff', 'stroke-width': 2, 'stroke-opacity': 0.6 });
    });
  };
  shrimp(1120, 520, 1.1, -8);
  shrimp(520, 200, 0.6, 12);
  // remipede: long segmented body with paddle-like legs
  let body = '';
  let legs = '';
  for (let i = 0; i < 24; i++) {
    const t = i / 23;
    const x = 940 + t * 500;
    const y = 770 - Math.sin(t * Math.PI * 1.4) * 40;
    const r = 12 - t * 6.5;
    body += ellipsePath(x, y, r * 1.15, r);
    const lx = -8 - t * 2;
    legs += `M${n(x)},${n(y)}q${n(lx)},${n(-r - 8)} ${n(lx - 4)},${n(-r - 20 + t * 8)}M${n(x)},${n(y)}q${n(lx)},${n(r + 8)} ${n(lx - 4)},${n(r + 20 - t * 8)}`;
  }
  s.path(legs, 'none', { stroke: pale, 'stroke-width': 3.5, 'stroke-opacity': 0.6, 'stroke-linecap': 'round' });
  s.path(
    body,
    s.lin([
      [0, '#fbf2ea'],
      [1, '#cdb39f'],
    ]),
  );
  s.path('M930,768C890,740 860,704 836,696M930,772C890,792 860,812 830,816', 'none', {
    stroke: pale,
    'stroke-width': 2,
    'stroke-opacity': 0.8,
  });
  // isopod on the floor
  s.group({ transform: 'translate(300 822) rotate(-8)' }, () => {
    let isoLegs = '';
    for (let i = -3; i <= 3; i++) isoLegs += `M${i * 14},0l${-4 + i},-34M${i * 14},0l${-4 + i},34`;
    s.path(isoLegs, 'none', { stroke: '#d9c6b8', 'stroke-width': 2.5, 'stroke-opacity': 0.7 });
    s.ellipse(
      0,
      0,
      62,
      27,
      s.lin([
        [0, '#f3e8df'],
        [1, '#cbb3a2'],
      ]),
    );
    let segs = '';
    for (let i = -4; i <= 4; i++) segs += `M${i * 12},-25Q${i * 12 + 3},0 ${i * 12},25`;
    s.path(segs, 'none', { stroke: '#b59c8c', 'stroke-width': 2 });
    s.path('M60,-6C80,-20 100,-30 122,-30M60,6C80,18 100,26 120,28', 'none', { stroke: '#eadbd0', 'stroke-width': 2 });
  });
  particles(s, rng, 0, 0, W, H, 50, '#e5fbff', 0.2);
  vignette(s, 0.55);
}

/** Dark flooded cave walls with a torch beam from the upper left, used behind the fauna. */
export function darkCaveBackdrop(s: Svg, rng: Rng): void {
  const { w: W, h: H } = s;
  s.rect(
    0,
    0,
    W,
    H,
    s.rad(
      [
        [0, '#145a72'],
        [0.55, '#072b3e'],
        [1, '#020c14'],
      ],
      W * 0.55,
      H * 0.45,
      W * 0.7,
      H * 0.75,
    ),
  );
  const hole = blobPoints(rng, W / 2, H * 0.45, W * 0.56, H * 0.52, 16, 0.1);
  const fill = s.rad(
    [
      [0, '#6b6a5c'],
      [0.5, '#243a44'],
      [1, '#06131b'],
    ],
    W * 0.5,
    H * 0.4,
    W * 0.6,
    H * 0.6,
  );
  s.path(`M-50,-50H${W + 50}V${H + 50}H-50Z` + smoothPath(hole, true), fill, { 'fill-rule': 'evenodd' });
  let d = '';
  for (const p of sampleSmooth(hole, true, 6)) {
    if (p[1] < H * 0.25 && rng.chance(0.5)) d += dripPath(p[0], p[1] - 8, rng.range(10, 26), rng.range(30, 110));
    if (p[1] > H * 0.8 && rng.chance(0.3)) d += dripPath(p[0], p[1] + 8, rng.range(12, 30), -rng.range(20, 70));
  }
  s.path(d, fill);
  beam(s, [-40, -40], [W * 0.7, H * 0.75], 80, 700, '#fff4d6', 0.22, 20);
}
