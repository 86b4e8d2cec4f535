(function(){let e=document.createElement(`link`).relList;if(e&&e.supports&&e.supports(`modulepreload`))return;for(let e of document.querySelectorAll(`link[rel="modulepreload"]`))n(e);new MutationObserver(e=>{for(let t of e)if(t.type===`childList`)for(let e of t.addedNodes)e.tagName===`LINK`&&e.rel===`modulepreload`&&n(e)}).observe(document,{childList:!0,subtree:!0});function t(e){let t={};return e.integrity&&(t.integrity=e.integrity),e.referrerPolicy&&(t.referrerPolicy=e.referrerPolicy),t.credentials=e.crossOrigin===`use-credentials`?`include`:e.crossOrigin===`anonymous`?`omit`:`same-origin`,t}function n(e){if(e.ep)return;e.ep=!0;let n=t(e);fetch(e.href,n)}})();var e,t,n,r,i,a,o,s,c,l,u,d,f,p,m,h,g={},_=[],v=/acit|ex(?:s|g|n|p|$)|rph|grid|ows|mnc|ntw|ine[ch]|zoo|^ord|itera/i,y=Array.isArray;function b(e,t){for(var n in t)e[n]=t[n];return e}function ee(e){e&&e.parentNode&&e.parentNode.removeChild(e)}function x(t,n,r){var i,a,o,s={};for(o in n)o==`key`?i=n[o]:o==`ref`?a=n[o]:s[o]=n[o];if(arguments.length>2&&(s.children=arguments.length>3?e.call(arguments,2):r),typeof t==`function`&&t.defaultProps!=null)for(o in t.defaultProps)s[o]===void 0&&(s[o]=t.defaultProps[o]);return S(t,s,i,a,null)}function S(e,r,i,a,o){var s={type:e,props:r,key:i,ref:a,__k:null,__:null,__b:0,__e:null,__c:null,constructor:void 0,__v:o??++n,__i:-1,__u:0};return o==null&&t.vnode!=null&&t.vnode(s),s}function C(e){return e.children}function te(e,t){this.props=e,this.context=t}function ne(e,t){if(t==null)return e.__?ne(e.__,e.__i+1):null;for(var n;t<e.__k.length;t++)if((n=e.__k[t])!=null&&n.__e!=null)return n.__e;return typeof e.type==`function`?ne(e):null}function w(e){if(e.__P&&e.__d){var n=e.__v,r=n.__e,i=[],a=[],o=b({},n);o.__v=n.__v+1,t.vnode&&t.vnode(o),ue(e.__P,o,n,e.__n,e.__P.namespaceURI,32&n.__u?[r]:null,i,r??ne(n),!!(32&n.__u),a),o.__v=n.__v,o.__.__k[o.__i]=o,fe(i,o,a),n.__e=n.__=null,o.__e!=r&&re(o)}}function re(e){if((e=e.__)!=null&&e.__c!=null)return e.__e=e.__c.base=null,e.__k.some(function(t){if(t!=null&&t.__e!=null)return e.__e=e.__c.base=t.__e}),re(e)}function T(e){(!e.__d&&(e.__d=!0)&&i.push(e)&&!E.__r++||a!=t.debounceRendering)&&((a=t.debounceRendering)||o)(E)}function E(){try{for(var e,t=1;i.length;)i.length>t&&i.sort(s),e=i.shift(),t=i.length,w(e)}finally{i.length=E.__r=0}}function ie(e,t,n,r,i,a,o,s,c,l,u){var d,f,p,m,h,v,y=r&&r.__k||_,b=t.length;for(c=ae(n,t,y,c,b),d=0;d<b;d++)(p=n.__k[d])!=null&&(f=p.__i!=-1&&y[p.__i]||g,p.__i=d,v=ue(e,p,f,i,a,o,s,c,l,u),m=p.__e,p.ref&&f.ref!=p.ref&&(f.ref&&he(f.ref,null,p),u.push(p.ref,p.__c||m,p)),h==null&&m!=null&&(h=m),4&p.__u?(c=oe(p,c,e),f.__e&&(f.__e=null)):typeof p.type==`function`&&v!==void 0?c=v:m&&(c=m.nextSibling),p.__u&=-7);return n.__e=h,c}function ae(e,t,n,r,i){var a,o,s,c,l,u=n.length,d=u,f=0;for(e.__k=Array(i),a=0;a<i;a++)(o=t[a])!=null&&typeof o!=`boolean`&&typeof o!=`function`?(typeof o==`string`||typeof o==`number`||typeof o==`bigint`||o.constructor==String?o=e.__k[a]=S(null,o,null,null,null):y(o)?o=e.__k[a]=S(C,{children:o},null,null,null):o.constructor===void 0&&o.__b>0?o=e.__k[a]=S(o.type,o.props,o.key,o.ref?o.ref:null,o.__v):e.__k[a]=o,c=a+f,o.__=e,o.__b=e.__b+1,s=null,(l=o.__i=se(o,n,c,d))!=-1&&(d--,(s=n[l])&&(s.__u|=2)),s==null||s.__v==null?(l==-1&&(i>u?f--:i<u&&f++),typeof o.type!=`function`&&(o.__u|=4)):l!=c&&(l==c-1?f--:l==c+1?f++:(l>c?f--:f++,o.__u|=4))):e.__k[a]=null;if(d)for(a=0;a<u;a++)(s=n[a])!=null&&!(2&s.__u)&&(s.__e==r&&(r=ne(s)),ge(s,s));return r}function oe(e,t,n){var r,i;if(typeof e.type==`function`){for(r=e.__k,i=0;r&&i<r.length;i++)r[i]&&(r[i].__=e,t=oe(r[i],t,n));return t}e.__e!=t&&(t&&e.type&&!t.parentNode&&(t=ne(e)),t=n.insertBefore(e.__e,t||null));do t&&=t.nextSibling;while(t!=null&&t.nodeType==8);return t}function se(e,t,n,r){var i,a,o,s=e.key,c=e.type,l=t[n],u=l!=null&&!(2&l.__u);if(l===null&&s==null||u&&s==l.key&&c==l.type)return n;if(r>+!!u){for(i=n-1,a=n+1;i>=0||a<t.length;)if((l=t[o=i>=0?i--:a++])!=null&&!(2&l.__u)&&s==l.key&&c==l.type)return o}return-1}function D(e,t,n){t[0]==`-`?e.setProperty(t,n??``):e[t]=n==null?``:typeof n!=`number`||v.test(t)?n:n+`px`}function ce(e,t,n,r,i){var a,o;n:if(t==`style`){if(typeof n==`string`)e.style.cssText=n;else{if(typeof r==`string`&&(e.style.cssText=r=``),r)for(t in r)n&&t in n||D(e.style,t,``);if(n)for(t in n)r&&n[t]==r[t]||D(e.style,t,n[t])}}else if(t[0]==`o`&&t[1]==`n`)a=t!=(t=t.replace(d,`$1`)),o=t.toLowerCase(),t=o in e||t==`onFocusOut`||t==`onFocusIn`?o.slice(2):t.slice(2),e.l||={},e.l[t+a]=n,n?r?n[u]=r[u]:(n[u]=f,e.addEventListener(t,a?m:p,a)):e.removeEventListener(t,a?m:p,a);else{if(i==`http://www.w3.org/2000/svg`)t=t.replace(/xlink(H|:h)/,`h`).replace(/sName$/,`s`);else if(t!=`width`&&t!=`height`&&t!=`href`&&t!=`list`&&t!=`form`&&t!=`tabIndex`&&t!=`download`&&t!=`rowSpan`&&t!=`colSpan`&&t!=`role`&&t!=`popover`&&t in e)try{e[t]=n??``;break n}catch{}typeof n==`function`||(n==null||!1===n&&t[4]!=`-`?e.removeAttribute(t):e.setAttribute(t,t==`popover`&&n==1?``:n))}}function le(e){return function(n){if(this.l){var r=this.l[n.type+e];if(n[l]==null)n[l]=f++;else if(n[l]<r[u])return;return r(t.event?t.event(n):n)}}}function ue(e,n,r,i,a,o,s,c,l,u){var d,f,p,m,h,g,v,x,S,w,re,T,E,ae,oe,se,D=n.type;if(n.constructor!==void 0)return null;128&r.__u&&(l=!!(32&r.__u),o=[c=n.__e=r.__e]),(d=t.__b)&&d(n);n:if(typeof D==`function`){f=s.length;try{if(S=n.props,w=D.prototype&&D.prototype.render,re=(d=D.contextType)&&i[d.__c],T=d?re?re.props.value:d.__:i,r.__c?x=(p=n.__c=r.__c).__=p.__E:(w?n.__c=p=new D(S,T):(n.__c=p=new te(S,T),p.constructor=D,p.render=_e),re&&re.sub(p),p.state||(p.state={}),p.__n=i,m=p.__d=!0,p.__h=[],p._sb=[]),w&&p.__s==null&&(p.__s=p.state),w&&D.getDerivedStateFromProps!=null&&(p.__s==p.state&&(p.__s=b({},p.__s)),b(p.__s,D.getDerivedStateFromProps(S,p.__s))),h=p.props,g=p.state,p.__v=n,m)w&&D.getDerivedStateFromProps==null&&p.componentWillMount!=null&&p.componentWillMount(),w&&p.componentDidMount!=null&&p.__h.push(p.componentDidMount);else{if(w&&D.getDerivedStateFromProps==null&&S!==h&&p.componentWillReceiveProps!=null&&p.componentWillReceiveProps(S,T),n.__v==r.__v||!p.__e&&p.shouldComponentUpdate!=null&&!1===p.shouldComponentUpdate(S,p.__s,T)){n.__v!=r.__v&&(p.props=S,p.state=p.__s,p.__d=!1),n.__e=r.__e,n.__k=r.__k,n.__k.some(function(e){e&&(e.__=n)}),_.push.apply(p.__h,p._sb),p._sb=[],p.__h.length&&s.push(p),c=ne(r);break n}p.componentWillUpdate!=null&&p.componentWillUpdate(S,p.__s,T),w&&p.componentDidUpdate!=null&&p.__h.push(function(){p.componentDidUpdate(h,g,v)})}if(p.context=T,p.props=S,p.__P=e,p.__e=!1,E=t.__r,ae=0,w)p.state=p.__s,p.__d=!1,E&&E(n),d=p.render(p.props,p.state,p.context),_.push.apply(p.__h,p._sb),p._sb=[];else do p.__d=!1,E&&E(n),d=p.render(p.props,p.state,p.context),p.state=p.__s;while(p.__d&&++ae<25);p.state=p.__s,p.getChildContext!=null&&(i=b(b({},i),p.getChildContext())),w&&!m&&p.getSnapshotBeforeUpdate!=null&&(v=p.getSnapshotBeforeUpdate(h,g)),oe=d!=null&&d.type===C&&d.key==null?pe(d.props.children):d,c=ie(e,y(oe)?oe:[oe],n,r,i,a,o,s,c,l,u),p.base=n.__e,n.__u&=-161,p.__h.length&&s.push(p),x&&(p.__E=p.__=null)}catch(e){if(s.length=f,n.__v=null,l||o!=null){if(e.then){for(n.__u|=l?160:128;c&&c.nodeType==8&&c.nextSibling;)c=c.nextSibling;o!=null&&(o[o.indexOf(c)]=null),n.__e=c}else if(o!=null)for(se=o.length;se--;)ee(o[se])}else n.__e=r.__e;n.__k??=r.__k||[],e.then||de(n),t.__e(e,n,r)}}else o==null&&n.__v==r.__v?(n.__k=r.__k,n.__e=r.__e):c=n.__e=me(r.__e,n,r,i,a,o,s,l,u);return(d=t.diffed)&&d(n),128&n.__u?void 0:c}function de(e){e&&(e.__c&&(e.__c.__e=!0),e.__k&&e.__k.some(de))}function fe(e,n,r){for(var i=0;i<r.length;i++)he(r[i],r[++i],r[++i]);t.__c&&t.__c(n,e),e.some(function(n){try{e=n.__h,n.__h=[],e.some(function(e){e.call(n)})}catch(e){t.__e(e,n.__v)}})}function pe(e){return typeof e!=`object`||!e||e.__b>0?e:y(e)?e.map(pe):e.constructor===void 0?b({},e):null}function me(n,r,i,a,o,s,c,l,u){var d,f,p,m,h,_,v,b=i.props||g,x=r.props,S=r.type;if(S==`svg`?o=`http://www.w3.org/2000/svg`:S==`math`?o=`http://www.w3.org/1998/Math/MathML`:o||=`http://www.w3.org/1999/xhtml`,s!=null){for(d=0;d<s.length;d++)if((h=s[d])&&`setAttribute`in h==!!S&&(S?h.localName==S:h.nodeType==3)){n=h,s[d]=null;break}}if(n==null){if(S==null)return document.createTextNode(x);n=document.createElementNS(o,S,x.is&&x),l&&=(t.__m&&t.__m(r,s),!1),s=null}if(S==null)b===x||l&&n.data==x||(n.data=x);else{if(s=S==`textarea`&&x.defaultValue!=null?null:s&&e.call(n.childNodes),!l&&s!=null)for(b={},d=0;d<n.attributes.length;d++)b[(h=n.attributes[d]).name]=h.value;for(d in b)h=b[d],d==`dangerouslySetInnerHTML`?p=h:d==`children`||d in x||d==`value`&&`defaultValue`in x||d==`checked`&&`defaultChecked`in x||ce(n,d,null,h,o);for(d in x)h=x[d],d==`children`?m=h:d==`dangerouslySetInnerHTML`?f=h:d==`value`?_=h:d==`checked`?v=h:l&&typeof h!=`function`||b[d]===h||ce(n,d,h,b[d],o);if(f)l||p&&(f.__html==p.__html||f.__html==n.innerHTML)||(n.innerHTML=f.__html),r.__k=[];else if(p&&(n.innerHTML=``),ie(r.type==`template`?n.content:n,y(m)?m:[m],r,i,a,S==`foreignObject`?`http://www.w3.org/1999/xhtml`:o,s,c,s?s[0]:i.__k&&ne(i,0),l,u),s!=null)for(d=s.length;d--;)ee(s[d]);l&&S!=`textarea`||(d=`value`,S==`progress`&&_==null?n.removeAttribute(`value`):_!=null&&(_!==n[d]||S==`progress`&&!_||S==`option`&&_!=b[d])&&ce(n,d,_,b[d],o),d=`checked`,v!=null&&v!=n[d]&&ce(n,d,v,b[d],o))}return n}function he(e,n,r){try{if(typeof e==`function`){var i=typeof e.__u==`function`;i&&e.__u(),i&&n==null||(e.__u=e(n))}else e.current=n}catch(e){t.__e(e,r)}}function ge(e,n,r){var i,a;if(t.unmount&&t.unmount(e),(i=e.ref)&&(i.current&&i.current!=e.__e||he(i,null,n)),(i=e.__c)!=null){if(i.componentWillUnmount)try{i.componentWillUnmount()}catch(e){t.__e(e,n)}i.base=i.__P=i.__n=null}if(i=e.__k)for(a=0;a<i.length;a++)i[a]&&ge(i[a],n,r||typeof e.type!=`function`);r||ee(e.__e),e.__c=e.__=e.__e=void 0}function _e(e,t,n){return this.constructor(e,n)}function ve(n,r,i){var a,o,s,c;r==document&&(r=document.documentElement),t.__&&t.__(n,r),o=(a=typeof i==`function`)?null:i&&i.__k||r.__k,s=[],c=[],ue(r,n=(!a&&i||r).__k=x(C,null,[n]),o||g,g,r.namespaceURI,!a&&i?[i]:o?null:r.firstChild?e.call(r.childNodes):null,s,!a&&i?i:o?o.__e:r.firstChild,a,c),fe(s,n,c),n.props.children=null}function ye(t,n,r){var i,a,o,s,c=b({},t.props);for(o in t.type&&t.type.defaultProps&&(s=t.type.defaultProps),n)o==`key`?i=n[o]:o==`ref`?a=n[o]:c[o]=n[o]===void 0&&s!=null?s[o]:n[o];return arguments.length>2&&(c.children=arguments.length>3?e.call(arguments,2):r),S(t.type,c,i||t.key,a||t.ref,null)}function be(e){function t(e){var n,r;return this.getChildContext||(n=new Set,(r={})[t.__c]=this,this.getChildContext=function(){return r},this.componentWillUnmount=function(){n=null},this.shouldComponentUpdate=function(e){this.props.value!=e.value&&n.forEach(function(e){e.__e=!0,T(e)})},this.sub=function(e){n.add(e);var t=e.componentWillUnmount;e.componentWillUnmount=function(){n&&n.delete(e),t&&t.call(e)}}),e.children}return t.__c=`__cC`+h++,t.__=e,t.Provider=t.__l=(t.Consumer=function(e,t){return e.children(t)}).contextType=t,t}e=_.slice,t={__e:function(e,t,n,r){for(var i,a,o;t=t.__;)if((i=t.__c)&&!i.__)try{if((a=i.constructor)&&a.getDerivedStateFromError!=null&&(i.setState(a.getDerivedStateFromError(e)),o=i.__d),i.componentDidCatch!=null&&(i.componentDidCatch(e,r||{}),o=i.__d),o)return i.__E=i}catch(t){e=t}throw e}},n=0,r=function(e){return e!=null&&e.constructor===void 0},te.prototype.setState=function(e,t){var n=this.__s!=null&&this.__s!=this.state?this.__s:this.__s=b({},this.state);typeof e==`function`&&(e=e(b({},n),this.props)),e&&b(n,e),e!=null&&this.__v&&(t&&this._sb.push(t),T(this))},te.prototype.forceUpdate=function(e){this.__v&&(this.__e=!0,e&&this.__h.push(e),T(this))},te.prototype.render=C,i=[],o=typeof Promise==`function`?Promise.prototype.then.bind(Promise.resolve()):setTimeout,s=function(e,t){return e.__v.__b-t.__v.__b},E.__r=0,c=Math.random().toString(8),l=`__d`+c,u=`__a`+c,d=/(PointerCapture)$|Capture$/i,f=0,p=le(!1),m=le(!0),h=0;function xe(e,t){if(e instanceof RegExp)return{keys:!1,pattern:e};var n,r,i,a,o=[],s=``,c=e.split(`/`);for(c[0]||c.shift();i=c.shift();)n=i[0],n===`*`?(o.push(n),s+=i[1]===`?`?`(?:/(.*))?`:`/(.*)`):n===`:`?(r=i.indexOf(`?`,1),a=i.indexOf(`.`,1),o.push(i.substring(1,~r?r:~a?a:i.length)),s+=~r&&!~a?`(?:/([^/]+?))?`:`/([^/]+?)`,~a&&(s+=(~r?`?`:``)+`\\`+i.substring(a))):s+=`/`+i;return{keys:o,pattern:RegExp(`^`+s+(t?`(?=$|/)`:`/?$`),`i`)}}var Se,O,Ce,we,Te=0,Ee=[],k=t,De=k.__b,Oe=k.__r,ke=k.diffed,Ae=k.__c,je=k.unmount,Me=k.__;function Ne(e,t){k.__h&&k.__h(O,e,Te||t),Te=0;var n=O.__H||(O.__H={__:[],__h:[]});return e>=n.__.length&&n.__.push({}),n.__[e]}function A(e){return Te=1,Pe(Ge,e)}function Pe(e,t,n){var r=Ne(Se++,2);if(r.t=e,!r.__c&&(r.__=[n?n(t):Ge(void 0,t),function(e){var t=r.__N?r.__N[0]:r.__[0],n=r.t(t,e);t!==n&&(r.__N=[n,r.__[1]],r.__c.setState({}))}],r.__c=O,!O.__f)){var i=function(e,t,n){if(!r.__c.__H)return!0;var i=!1,o=r.__c.props!==e;if(r.__c.__H.__.some(function(e){if(e.__N){i=!0;var t=e.__[0];e.__=e.__N,e.__N=void 0,t!==e.__[0]&&(o=!0)}}),a){var s=a.call(this,e,t,n);return i?s||o:s}return!i||o};O.__f=!0;var a=O.shouldComponentUpdate,o=O.componentWillUpdate;O.componentWillUpdate=function(e,t,n){if(this.__e){var r=a;a=void 0,i(e,t,n),a=r}o&&o.call(this,e,t,n)},O.shouldComponentUpdate=i}return r.__N||r.__}function j(e,t){var n=Ne(Se++,3);!k.__s&&We(n.__H,t)&&(n.__=e,n.u=t,O.__H.__h.push(n))}function Fe(e,t){var n=Ne(Se++,4);!k.__s&&We(n.__H,t)&&(n.__=e,n.u=t,O.__h.push(n))}function M(e){return Te=5,Ie(function(){return{current:e}},[])}function Ie(e,t){var n=Ne(Se++,7);return We(n.__H,t)&&(n.__=e(),n.__H=t,n.__h=e),n.__}function Le(e,t){return Te=8,Ie(function(){return e},t)}function Re(e){var t=O.context[e.__c],n=Ne(Se++,9);return n.c=e,t?(n.__??(n.__=!0,t.sub(O)),t.props.value):e.__}function ze(){for(var e;e=Ee.shift();){var t=e.__H;if(e.__P&&t)try{t.__h.some(He),t.__h.some(Ue),t.__h=[]}catch(n){t.__h=[],k.__e(n,e.__v)}}}k.__b=function(e){O=null,De&&De(e)},k.__=function(e,t){e&&t.__k&&t.__k.__m&&(e.__m=t.__k.__m),Me&&Me(e,t)},k.__r=function(e){Oe&&Oe(e),Se=0;var t=(O=e.__c).__H;t&&(Ce===O?(t.__h=[],O.__h=[],t.__.some(function(e){e.__N&&(e.__=e.__N),e.u=e.__N=void 0})):(t.__h.some(He),t.__h.some(Ue),t.__h=[],Se=0)),Ce=O},k.diffed=function(e){ke&&ke(e);var t=e.__c;t&&t.__H&&(t.__H.__h.length&&(Ee.push(t)!==1&&we===k.requestAnimationFrame||((we=k.requestAnimationFrame)||Ve)(ze)),t.__H.__.some(function(e){e.u&&=(e.__H=e.u,void 0)})),Ce=O=null},k.__c=function(e,t){t.some(function(e){try{e.__h.some(He),e.__h=e.__h.filter(function(e){return!e.__||Ue(e)})}catch(n){t.some(function(e){e.__h&&=[]}),t=[],k.__e(n,e.__v)}}),Ae&&Ae(e,t)},k.unmount=function(e){je&&je(e);var t,n=e.__c;n&&n.__H&&(n.__H.__.some(function(e){try{He(e)}catch(e){t=e}}),n.__H=void 0,t&&k.__e(t,n.__v))};var Be=typeof requestAnimationFrame==`function`;function Ve(e){var t,n=function(){clearTimeout(r),Be&&cancelAnimationFrame(t),setTimeout(e)},r=setTimeout(n,35);Be&&(t=requestAnimationFrame(n))}function He(e){var t=O,n=e.__c;typeof n==`function`&&(e.__c=void 0,n()),O=t}function Ue(e){var t=O;e.__c=e.__(),O=t}function We(e,t){return!e||e.length!==t.length||t.some(function(t,n){return t!==e[n]})}function Ge(e,t){return typeof t==`function`?t(e):t}var Ke=typeof window<`u`&&window.document!==void 0&&window.document.createElement!==void 0;function qe(e,t){return e===t&&(e!==0||1/e==1/t)||e!==e&&t!==t}function Je(e,t,n){n&&!Ke&&(t=n);let r=t(),[{_instance:i},a]=A({_instance:{_value:r,_getSnapshot:t}});return Fe(()=>{i._value=r,i._getSnapshot=t,qe(i._value,t())||a({_instance:i})},[e,r,t]),j(()=>(qe(i._value,i._getSnapshot())||a({_instance:i}),e(()=>{qe(i._value,i._getSnapshot())||a({_instance:i})})),[e]),r}function Ye(e){return t=>e(t)}var Xe=e=>{let t=M([e,(...e)=>t[0](...e)]).current;return Fe(()=>{t[0]=e}),t[1]},Ze=[`popstate`,`pushState`,`replaceState`,`hashchange`],Qe=[],$e=()=>Qe.forEach(e=>e()),et=e=>(Qe.push(e)===1&&Ze.forEach(e=>addEventListener(e,$e)),()=>{Qe=Qe.filter(t=>t!==e),Qe.length||Ze.forEach(e=>removeEventListener(e,$e))}),tt=(e,t)=>Je(et,e,t),nt=()=>location.search,rt=({ssrSearch:e}={})=>tt(nt,e==null?nt:()=>e),it=()=>location.pathname,at=({ssrPath:e}={})=>tt(it,e==null?it:()=>e),ot=(e,{replace:t=!1,state:n=null}={})=>history[t?`replaceState`:`pushState`](n,``,e),st=e=>[at(e),ot],ct=Symbol.for(`wouter_v3`);if(typeof history<`u`&&window[ct]===void 0){for(let e of[`pushState`,`replaceState`]){let t=history[e];history[e]=function(){let n=t.apply(this,arguments),r=new Event(e);return r.arguments=arguments,dispatchEvent(r),n}}Object.defineProperty(window,ct,{value:!0})}var lt=(e=``)=>e===`/`?``:e,ut=(e,t)=>e[0]===`~`?e.slice(1):lt(t)+e,dt=(e,t)=>(e=ft(lt(e)),t=ft(t),!e||(t.toLowerCase()+`/`).startsWith(e.toLowerCase()+`/`)?t.slice(e.length)||`/`:`~`+t),ft=e=>{try{return e.includes(`%`)?decodeURI(e):e}catch{return e}},pt=e=>ft(e[0]===`?`?e.slice(1):e),mt={hook:st,searchHook:rt,parser:xe,base:``,ssrPath:void 0,ssrSearch:void 0,ssrContext:void 0,hrefs:e=>e,aroundNav:(e,t,n)=>e(t,n)},ht=be(mt),N=()=>Re(ht),gt={},_t=be(gt),vt=()=>Re(_t),yt=(e,t=e.base)=>dt(t,e.hook(e)[0]),bt=e=>{let[t,n]=e.hook(e);return[dt(e.base,t),Xe((t,r)=>e.aroundNav(n,ut(t,e.base),r))]},xt=()=>bt(N()),St=()=>{let e=N();return pt(e.searchHook(e))},Ct=(e,t,n,r)=>{let{pattern:i,keys:a}=t instanceof RegExp?{pattern:t}:e(t||`*`,r),o=i.exec(n);if(!o)return[!1,null];let s={};for(let e=1;e<o.length;e++)s[e-1]=o[e];if(a)for(let e=0;e<a.length;e++)s[a[e]]=o[e+1];else Object.assign(s,o.groups);return r?[!0,s,o[0]]:[!0,s]},wt=({children:e,...t})=>{let n=N(),r=t.hook?mt:n,i=r;if(t.ssrPath){let[e,n=t.ssrSearch??``]=t.ssrPath.split(`?`);e&&(t.ssrSearch=n,t.ssrPath=e)}t.hrefs=t.hrefs??t.hook?.hrefs,t.searchHook=t.searchHook??t.hook?.searchHook;let a=M(r),o=a.current,s=o;for(let e in r){let n=e===`base`?r[e]+(t[e]??``):t[e]??r[e];n!==s[e]&&(o===s&&(a.current=s={...s}),s[e]=n),(n!==r[e]||n!==i[e])&&(i=s)}return x(ht.Provider,{value:i},e)},Tt=({children:e,component:t},n)=>t?x(t,{params:n}):typeof e==`function`?e(n):e,Et=e=>{let t=M(gt),n=t.current,r=Object.keys(e);return t.current=r.length!==Object.keys(n).length||r.some(t=>e[t]!==n[t])?e:n},P=({path:e,nest:t,match:n,...r})=>{let i=N(),a=yt(i),[o,s,c]=n??Ct(i.parser,e,a,t),l=Et({...vt(),...s});if(!o)return null;let u=Tt(r,l);return x(_t.Provider,{value:l},c?x(wt,{base:c},u):u)},F=Ye((e,t)=>{let n=N(),[i,a]=bt(n),{to:o=``,href:s=o,onClick:c,asChild:l,children:u,className:d,replace:f,state:p,transition:m,...h}=e;return h.onClick=Xe(t=>{t.ctrlKey||t.metaKey||t.altKey||t.shiftKey||t.button!==0||(c?.(t),t.defaultPrevented||(t.preventDefault(),a(s,e)))}),h.href=n.hrefs(s[0]===`~`?s.slice(1):n.base+s,n),d!==void 0&&(h.className=d?.call?d(i===s):d),t&&(h.ref=t),l&&r(u)?ye(u,h):x(`a`,h,u)}),Dt=(e,t=[])=>{if(Array.isArray(e))for(let n of e)Dt(n&&n.type===C?n.props.children:n,t);else t.push(e);return t},Ot=({children:e,location:t})=>{let n=N(),i=yt(n);for(let a of Dt(e)){let e=0;if(r(a)&&(e=Ct(n.parser,a.props.path,t||i,a.props.nest))[0])return ye(a,{match:e})}return null},kt=e=>{let{to:t,href:n=t}=e,r=N(),[,i]=bt(r),a=Xe(()=>i(t||n,e)),{ssrContext:o}=r;return Fe(()=>{a()},[]),o&&(o.redirectTo=t),null},At=class extends Error{name=`GraphsvcError`;code;suggestion;status;retryAfterS;errors;constructor(e,t,n={}){super(e,n.cause===void 0?void 0:{cause:n.cause}),this.code=t,this.suggestion=n.suggestion??null,this.status=n.status??0,this.retryAfterS=n.retryAfterS??null,this.errors=n.errors??[]}},jt=class{endpoint;#e;#t;#n;constructor(e){this.endpoint=`${e.url.replace(/\/+$/,``)}/graphql`,this.#e=e.apiKey??null,this.#t=e.headers??{},this.#n=e.fetch??globalThis.fetch.bind(globalThis)}async request(e,t,n={}){let r;try{r=await this.#n(this.endpoint,{method:`POST`,headers:{...this.#r(),...n.headers},body:JSON.stringify({query:String(e),variables:t??{}}),signal:n.signal})}catch(e){throw new At(`graphsvc at ${this.endpoint} did not answer (${String(e)})`,`UNREACHABLE`,{suggestion:`check the URL and that the service runs (scripts/serve)`,cause:e})}let i;try{i=await r.json()}catch(e){throw new At(`HTTP ${r.status} without a GraphQL answer`,`HTTP_${r.status}`,{status:r.status,cause:e})}if(i.errors&&i.errors.length>0)throw Mt(i.errors,r);if(i.data===void 0||i.data===null)throw new At(`HTTP ${r.status} without data`,`HTTP_${r.status}`,{status:r.status});return i.data}#r(){let e={"content-type":`application/json`,accept:`application/json`,...this.#t},t=typeof this.#e==`function`?this.#e():this.#e;return t&&(e.authorization=`Bearer ${t}`),e}};function Mt(e,t){let[n]=e,r=n.extensions??{},i=t.headers.get(`retry-after`),a=i!==null&&/^\d+$/.test(i)?Number(i):typeof r.retryAfter==`number`?r.retryAfter:null;return new At(n.message,r.code??`HTTP_${t.status}`,{status:t.status,suggestion:r.suggestion??null,retryAfterS:a,errors:e})}var Nt=`graphsvc.key`,I={prompt:!1,reason:null,epoch:0},Pt=new Set;function Ft(e){I=e;for(let e of Pt)e(I)}function It(){try{return sessionStorage.getItem(Nt)}catch{return null}}function Lt(e){sessionStorage.setItem(Nt,e.trim()),Ft({prompt:!1,reason:null,epoch:I.epoch+1})}function Rt(e){let t=It()!==null;try{sessionStorage.removeItem(Nt)}catch{}(!I.prompt||t)&&Ft({prompt:!0,reason:t?e:null,epoch:I.epoch+1})}function zt(){let[e,t]=A(I);return j(()=>(Pt.add(t),t(I),()=>{Pt.delete(t)}),[]),e}var Bt=new jt({url:``,apiKey:It});async function L(e,t){try{return await Bt.request(e,t)}catch(e){throw e instanceof At&&e.status===401&&Rt(`The key was not accepted: ${e.message}`),e}}function Vt(e){return e instanceof At?e:new At(String(e),`ERROR`)}function R(e,t,n,r=!1){let[i,a]=A(null),[o,s]=A(null),[c,l]=A(!r),[u,d]=A(0),f=M(0),p=M(t);return p.current=t,j(()=>{if(r){l(!1);return}let t=++f.current;l(!0),s(null),L(e,p.current).then(e=>{t===f.current&&(a(e),l(!1))},e=>{t===f.current&&(s(Vt(e)),l(!1))})},[e,n,u,r]),{data:i,error:o,loading:c,reload:Le(()=>d(e=>e+1),[])}}function Ht(e,t,n){let[r,i]=A(0);j(()=>i(0),[n]);let a=Math.max(1,Math.ceil(e.length/t)),o=Math.min(r,a-1);return{page:e.slice(o*t,(o+1)*t),index:o,pages:a,go:i}}var z=class extends String{__apiType;value;__meta__;constructor(e,t){super(e),this.value=e,this.__meta__=t}toString(){return this.value}};new z(`
    fragment KeyCountRow on KeyCount {
  key
  count
}
    `,{fragmentName:`KeyCountRow`}),new z(`
    fragment Counts on UserCounts {
  events
  sessions
  openSessions
  firstMessageAt
  lastMessageAt
  memories
  memoriesByType {
    ...KeyCountRow
  }
  memoriesByStatus {
    ...KeyCountRow
  }
  entities
  aliases
  impressions
  features
  relations
  traits
  traitsByStage {
    ...KeyCountRow
  }
  pendingObservations
  jobsByStatus {
    ...KeyCountRow
  }
  llmCalls
  tokensIn
  tokensOut
  reflectionCycles
  lastReflectionAt
}
    fragment KeyCountRow on KeyCount {
  key
  count
}`,{fragmentName:`Counts`}),new z(`
    fragment MemoryRow on Memory {
  id
  type
  content
  confidence
  importance
  reinforcementCount
  createdAt
  lastReinforcedAt
  occurredAt
  sourceMessageIds
  status
  validFrom
  validTo
  slot
  origin
  supersededBy
  ruleId
  rule {
    id
    description
    measuredPrecision
    judged
  }
}
    `,{fragmentName:`MemoryRow`}),new z(`
    fragment TraitEvidence on Evidence {
  id
  grade
  kind
  createdAt
  inheritedFrom
  resolvedAt
  memory {
    id
    content
    memoryType
    sourceMessageIds
  }
}
    `,{fragmentName:`TraitEvidence`}),new z(`
    fragment TraitPoint on TraitHistoryPoint {
  at
  stage
  confidence
  event
}
    `,{fragmentName:`TraitPoint`}),new z(`
    fragment TraitCard on Trait {
  id
  content
  stage
  subtype
  confidence
  context
  windowEnd
  firstObserved
  lastReinforced
  reinforcementCount
  contradictionCount
  about
  reasoning
  ruleId
  rule {
    id
    description
    measuredPrecision
    judged
  }
  evidence {
    ...TraitEvidence
  }
  parents {
    id
    content
  }
  children {
    id
    content
  }
  history {
    ...TraitPoint
  }
}
    fragment TraitEvidence on Evidence {
  id
  grade
  kind
  createdAt
  inheritedFrom
  resolvedAt
  memory {
    id
    content
    memoryType
    sourceMessageIds
  }
}
fragment TraitPoint on TraitHistoryPoint {
  at
  stage
  confidence
  event
}`,{fragmentName:`TraitCard`}),new z(`
    fragment EntityRef on Entity {
  id
  subject
  kind
}
    `,{fragmentName:`EntityRef`}),new z(`
    fragment RelationRow on Relation {
  relation
  strength
  direction
  ruleId
  other {
    ...EntityRef
  }
}
    fragment EntityRef on Entity {
  id
  subject
  kind
}`,{fragmentName:`RelationRow`}),new z(`
    fragment EntityDetail on Entity {
  ...EntityRef
  kindRule
  createdAt
  updatedAt
  aliases {
    id
    name
  }
  impressions {
    id
    content
    confidence
    createdAt
    evidence {
      id
      eventId
      grade
      messageId
      speaker
      content
      occurredAt
    }
  }
  features {
    id
    key
    value
    confidence
    observedAt
  }
  relations {
    ...RelationRow
  }
  documentMentions {
    documentId
    title
    name
    mentions
  }
}
    fragment EntityRef on Entity {
  id
  subject
  kind
}
fragment RelationRow on Relation {
  relation
  strength
  direction
  ruleId
  other {
    ...EntityRef
  }
}`,{fragmentName:`EntityDetail`}),new z(`
    fragment GraphEntity on Entity {
  ...EntityRef
  relations {
    ...RelationRow
  }
}
    fragment EntityRef on Entity {
  id
  subject
  kind
}
fragment RelationRow on Relation {
  relation
  strength
  direction
  ruleId
  other {
    ...EntityRef
  }
}`,{fragmentName:`GraphEntity`}),new z(`
    fragment EntityListItem on Entity {
  ...EntityRef
  aliases {
    name
  }
}
    fragment EntityRef on Entity {
  id
  subject
  kind
}`,{fragmentName:`EntityListItem`}),new z(`
    fragment PendingCard on PendingObservation {
  id
  subject
  aliases
  kind
  reason
  detail
  status
  confidence
  impressions
  features
  relations
  evidenceSnippets
  eventIds
  createdAt
  resolvedAt
  resolvedEntityId
  candidates {
    ...EntityListItem
  }
}
    fragment EntityRef on Entity {
  id
  subject
  kind
}
fragment EntityListItem on Entity {
  ...EntityRef
  aliases {
    name
  }
}`,{fragmentName:`PendingCard`}),new z(`
    fragment JobRow on Job {
  id
  kind
  status
  error
  sessionId
  attempts
  createdAt
  updatedAt
  llmCalls
  tokensIn
  tokensOut
  memoriesCreated
  memoriesReinforced
}
    `,{fragmentName:`JobRow`}),new z(`
    fragment CycleRow on ReflectionCycle {
  id
  status
  trigger
  mode
  error
  memoriesScanned
  traitsCreated
  traitsReinforced
  traitsDissolved
  llmCalls
  tokensIn
  tokensOut
  startedAt
  durationMs
  notes
}
    `,{fragmentName:`CycleRow`}),new z(`
    fragment Hit on RecallHit {
  id
  kind
  content
  score
  occurredAt
  sourceMessageIds
  memoryType
  entity
}
    `,{fragmentName:`Hit`}),new z(`
    fragment Growth on GrowthDay {
  day
  events
  memories
  candidates
  documents
}
    `,{fragmentName:`Growth`}),new z(`
    fragment TimelineRow on TimelineEntry {
  kind
  id
  at
  content
  title
  sourceType
  sourceId
  sessionId
  memoryType
  status
}
    `,{fragmentName:`TimelineRow`}),new z(`
    fragment CandidateCard on MemoryCandidate {
  id
  memoryType
  content
  status
  importance
  confidence
  days
  sources
  eventIds
  sourceTypes
  createdAt
  expiresAt
  decidedAt
  promotionReason
  memoryId
  origin
}
    `,{fragmentName:`CandidateCard`}),new z(`
    fragment DocumentSummary on Document {
  id
  sourceId
  filename
  format
  title
  version
  pages
  byteSize
  chunkCount
  history
  tags
  createdAt
  updatedAt
  indexedAt
}
    `,{fragmentName:`DocumentSummary`}),new z(`
    fragment DocumentEntityRow on DocumentEntity {
  id
  name
  kind
  mentions
  entityIds
}
    `,{fragmentName:`DocumentEntityRow`}),new z(`
    fragment Chunk on DocumentChunk {
  id
  kind
  headingPath
  level
  position
  content
  tokens
  parentId
}
    `,{fragmentName:`Chunk`}),new z(`
    fragment BeliefChangeRow on BeliefChange {
  id
  at
  kind
  targetId
  change
  actor
  recordedActor
  oldValue
  newValue
  reason
  stage
  evidenceIds
  scrubbed
}
    `,{fragmentName:`BeliefChangeRow`}),new z(`
    fragment TraceDecisionRow on TraceDecisionView {
  outcome
  sentence
  piece
  ruleId
  shapedBy
  memoryId
  candidateId
  supersededIds
  supersededById
  explanation
  rule {
    id
    description
  }
}
    `,{fragmentName:`TraceDecisionRow`}),new z(`
    fragment TraceRow on ExtractionTrace {
  id
  sessionId
  messageId
  role
  occurredAt
  recordedAt
  extractor
  llmProvider
  llmModel
  fallbackReason
  fromPerson
  refusedBy
  decisions {
    ...TraceDecisionRow
  }
}
    fragment TraceDecisionRow on TraceDecisionView {
  outcome
  sentence
  piece
  ruleId
  shapedBy
  memoryId
  candidateId
  supersededIds
  supersededById
  explanation
  rule {
    id
    description
  }
}`,{fragmentName:`TraceRow`}),new z(`
    fragment ProvenanceStep on ExtractionTrace {
  id
  sessionId
  messageId
  role
  occurredAt
  recordedAt
  jobId
  extractor
  llmProvider
  llmModel
  decisions {
    outcome
    sentence
    piece
    ruleId
  }
}
    `,{fragmentName:`ProvenanceStep`});var Ut=new z(`
    query Messages($userId: String!, $messageIds: [String!], $eventIds: [ID!]) {
  messages(userId: $userId, messageIds: $messageIds, eventIds: $eventIds) {
    id
    messageId
    sessionId
    role
    speaker
    content
    occurredAt
  }
}
    `),Wt=new z(`
    query Viewer {
  viewer {
    authRequired
    principal
    admin
    userIds
  }
}
    `),Gt=new z(`
    query Users($prefix: String, $after: String) {
  users(prefix: $prefix, limit: 25, after: $after) {
    nodes {
      userId
      sessions
      lastMessageAt
    }
    endCursor
    hasNextPage
  }
}
    `),Kt=new z(`
    query Memories($userId: String!, $type: MemoryType, $after: String, $status: [MemoryStatus!]) {
  memories(
    userId: $userId
    type: $type
    limit: 20
    after: $after
    status: $status
  ) {
    items {
      ...MemoryRow
    }
    nextCursor
  }
}
    fragment MemoryRow on Memory {
  id
  type
  content
  confidence
  importance
  reinforcementCount
  createdAt
  lastReinforcedAt
  occurredAt
  sourceMessageIds
  status
  validFrom
  validTo
  slot
  origin
  supersededBy
  ruleId
  rule {
    id
    description
    measuredPrecision
    judged
  }
}`),qt=new z(`
    mutation CorrectMemory($userId: String!, $memoryId: ID!, $content: String!) {
  correctMemory(userId: $userId, memoryId: $memoryId, content: $content) {
    ...MemoryRow
  }
}
    fragment MemoryRow on Memory {
  id
  type
  content
  confidence
  importance
  reinforcementCount
  createdAt
  lastReinforcedAt
  occurredAt
  sourceMessageIds
  status
  validFrom
  validTo
  slot
  origin
  supersededBy
  ruleId
  rule {
    id
    description
    measuredPrecision
    judged
  }
}`),Jt=new z(`
    mutation ArchiveMemory($userId: String!, $memoryId: ID!) {
  archiveMemory(userId: $userId, memoryId: $memoryId) {
    id
    status
  }
}
    `),Yt=new z(`
    mutation RestoreMemory($userId: String!, $memoryId: ID!) {
  restoreMemory(userId: $userId, memoryId: $memoryId) {
    id
    status
  }
}
    `),Xt=new z(`
    mutation ForgetMemory($userId: String!, $memoryId: ID!, $reason: String) {
  forgetMemory(userId: $userId, memoryId: $memoryId, reason: $reason) {
    memoriesForgotten
    evidence
    traitsRescored
  }
}
    `),Zt=new z(`
    query MemoryHistory($userId: String!, $memoryId: ID!) {
  memoryHistory(userId: $userId, memoryId: $memoryId) {
    id
    event
    actor
    createdAt
    oldValue
    newValue
    reason
    scrubbed
  }
}
    `),Qt=new z(`
    query Traits($userId: String!, $minStage: TraitStage) {
  userTraits(userId: $userId, minStage: $minStage) {
    ...TraitCard
  }
}
    fragment TraitEvidence on Evidence {
  id
  grade
  kind
  createdAt
  inheritedFrom
  resolvedAt
  memory {
    id
    content
    memoryType
    sourceMessageIds
  }
}
fragment TraitPoint on TraitHistoryPoint {
  at
  stage
  confidence
  event
}
fragment TraitCard on Trait {
  id
  content
  stage
  subtype
  confidence
  context
  windowEnd
  firstObserved
  lastReinforced
  reinforcementCount
  contradictionCount
  about
  reasoning
  ruleId
  rule {
    id
    description
    measuredPrecision
    judged
  }
  evidence {
    ...TraitEvidence
  }
  parents {
    id
    content
  }
  children {
    id
    content
  }
  history {
    ...TraitPoint
  }
}`),$t=new z(`
    query Entities($userId: String!, $search: String, $after: String) {
  entities(userId: $userId, search: $search, limit: 20, after: $after) {
    nodes {
      ...EntityListItem
    }
    endCursor
    hasNextPage
  }
}
    fragment EntityRef on Entity {
  id
  subject
  kind
}
fragment EntityListItem on Entity {
  ...EntityRef
  aliases {
    name
  }
}`),en=new z(`
    query Entity($userId: String!, $name: String!) {
  entity(userId: $userId, subjectOrAlias: $name) {
    ...EntityDetail
  }
}
    fragment EntityRef on Entity {
  id
  subject
  kind
}
fragment RelationRow on Relation {
  relation
  strength
  direction
  ruleId
  other {
    ...EntityRef
  }
}
fragment EntityDetail on Entity {
  ...EntityRef
  kindRule
  createdAt
  updatedAt
  aliases {
    id
    name
  }
  impressions {
    id
    content
    confidence
    createdAt
    evidence {
      id
      eventId
      grade
      messageId
      speaker
      content
      occurredAt
    }
  }
  features {
    id
    key
    value
    confidence
    observedAt
  }
  relations {
    ...RelationRow
  }
  documentMentions {
    documentId
    title
    name
    mentions
  }
}`),tn=new z(`
    query EntityGraph($userId: String!, $after: String) {
  entities(userId: $userId, limit: 100, after: $after) {
    nodes {
      ...GraphEntity
    }
    endCursor
    hasNextPage
  }
}
    fragment EntityRef on Entity {
  id
  subject
  kind
}
fragment RelationRow on Relation {
  relation
  strength
  direction
  ruleId
  other {
    ...EntityRef
  }
}
fragment GraphEntity on Entity {
  ...EntityRef
  relations {
    ...RelationRow
  }
}`),nn=new z(`
    query Pending($userId: String!, $status: PendingStatus) {
  pendingObservations(userId: $userId, status: $status, limit: 500) {
    ...PendingCard
  }
}
    fragment EntityRef on Entity {
  id
  subject
  kind
}
fragment EntityListItem on Entity {
  ...EntityRef
  aliases {
    name
  }
}
fragment PendingCard on PendingObservation {
  id
  subject
  aliases
  kind
  reason
  detail
  status
  confidence
  impressions
  features
  relations
  evidenceSnippets
  eventIds
  createdAt
  resolvedAt
  resolvedEntityId
  candidates {
    ...EntityListItem
  }
}`),rn=new z(`
    mutation Resolve($userId: String!, $id: ID!, $entityId: ID, $createNew: Boolean!) {
  resolvePendingObservation(
    userId: $userId
    id: $id
    entityId: $entityId
    createNew: $createNew
  ) {
    pendingObservation {
      id
      status
      resolvedEntityId
    }
    entity {
      id
      subject
    }
  }
}
    `),an=new z(`
    query Jobs($userId: String!, $status: JobStatus) {
  jobs(userId: $userId, status: $status, limit: 500) {
    ...JobRow
  }
}
    fragment JobRow on Job {
  id
  kind
  status
  error
  sessionId
  attempts
  createdAt
  updatedAt
  llmCalls
  tokensIn
  tokensOut
  memoriesCreated
  memoriesReinforced
}`),on=new z(`
    query Cycles($userId: String!) {
  reflectionCycles(userId: $userId, limit: 100) {
    ...CycleRow
  }
}
    fragment CycleRow on ReflectionCycle {
  id
  status
  trigger
  mode
  error
  memoriesScanned
  traitsCreated
  traitsReinforced
  traitsDissolved
  llmCalls
  tokensIn
  tokensOut
  startedAt
  durationMs
  notes
}`),sn=new z(`
    query Recall($userId: String!, $query: String!, $limit: Int!) {
  recall(userId: $userId, query: $query, limit: $limit) {
    ...Hit
  }
}
    fragment Hit on RecallHit {
  id
  kind
  content
  score
  occurredAt
  sourceMessageIds
  memoryType
  entity
}`),cn=new z(`
    query Context($userId: String!, $query: String!, $maxTokens: Int!) {
  memoryContext(userId: $userId, query: $query, maxTokens: $maxTokens) {
    text
    tokens
  }
}
    `),ln=new z(`
    query UserStats($userId: String!) {
  userStats(userId: $userId) {
    counts {
      ...Counts
    }
    eventsBySource {
      ...KeyCountRow
    }
    candidatesByStatus {
      ...KeyCountRow
    }
    documents
    passages
    tags
    learningRuns
    lastLearningAt
    growth {
      ...Growth
    }
  }
}
    fragment KeyCountRow on KeyCount {
  key
  count
}
fragment Counts on UserCounts {
  events
  sessions
  openSessions
  firstMessageAt
  lastMessageAt
  memories
  memoriesByType {
    ...KeyCountRow
  }
  memoriesByStatus {
    ...KeyCountRow
  }
  entities
  aliases
  impressions
  features
  relations
  traits
  traitsByStage {
    ...KeyCountRow
  }
  pendingObservations
  jobsByStatus {
    ...KeyCountRow
  }
  llmCalls
  tokensIn
  tokensOut
  reflectionCycles
  lastReflectionAt
}
fragment Growth on GrowthDay {
  day
  events
  memories
  candidates
  documents
}`),un=new z(`
    query Timeline($userId: String!, $from: DateTime, $to: DateTime, $sourceTypes: [SourceType!], $kinds: [TimelineKind!], $after: String) {
  timeline(
    userId: $userId
    from: $from
    to: $to
    sourceTypes: $sourceTypes
    kinds: $kinds
    limit: 30
    after: $after
  ) {
    nodes {
      ...TimelineRow
    }
    endCursor
    hasNextPage
  }
}
    fragment TimelineRow on TimelineEntry {
  kind
  id
  at
  content
  title
  sourceType
  sourceId
  sessionId
  memoryType
  status
}`),dn=new z(`
    query Candidates($userId: String!, $status: CandidateStatus) {
  candidates(userId: $userId, status: $status, limit: 200) {
    ...CandidateCard
  }
}
    fragment CandidateCard on MemoryCandidate {
  id
  memoryType
  content
  status
  importance
  confidence
  days
  sources
  eventIds
  sourceTypes
  createdAt
  expiresAt
  decidedAt
  promotionReason
  memoryId
  origin
}`),fn=new z(`
    mutation PromoteCandidate($userId: String!, $id: ID!) {
  promoteCandidate(userId: $userId, id: $id) {
    ...CandidateCard
  }
}
    fragment CandidateCard on MemoryCandidate {
  id
  memoryType
  content
  status
  importance
  confidence
  days
  sources
  eventIds
  sourceTypes
  createdAt
  expiresAt
  decidedAt
  promotionReason
  memoryId
  origin
}`),pn=new z(`
    mutation RejectCandidate($userId: String!, $id: ID!) {
  rejectCandidate(userId: $userId, id: $id) {
    ...CandidateCard
  }
}
    fragment CandidateCard on MemoryCandidate {
  id
  memoryType
  content
  status
  importance
  confidence
  days
  sources
  eventIds
  sourceTypes
  createdAt
  expiresAt
  decidedAt
  promotionReason
  memoryId
  origin
}`),mn=new z(`
    query Documents($userId: String!) {
  documents(userId: $userId, limit: 200) {
    ...DocumentSummary
  }
}
    fragment DocumentSummary on Document {
  id
  sourceId
  filename
  format
  title
  version
  pages
  byteSize
  chunkCount
  history
  tags
  createdAt
  updatedAt
  indexedAt
}`),hn=new z(`
    query Document($userId: String!, $id: ID!) {
  document(userId: $userId, id: $id) {
    ...DocumentSummary
    chunks {
      ...Chunk
    }
    entities {
      ...DocumentEntityRow
    }
  }
}
    fragment DocumentSummary on Document {
  id
  sourceId
  filename
  format
  title
  version
  pages
  byteSize
  chunkCount
  history
  tags
  createdAt
  updatedAt
  indexedAt
}
fragment DocumentEntityRow on DocumentEntity {
  id
  name
  kind
  mentions
  entityIds
}
fragment Chunk on DocumentChunk {
  id
  kind
  headingPath
  level
  position
  content
  tokens
  parentId
}`),gn=new z(`
    query BeliefChanges($userId: String!, $from: DateTime, $to: DateTime, $after: String) {
  beliefChanges(userId: $userId, from: $from, to: $to, limit: 25, after: $after) {
    nodes {
      ...BeliefChangeRow
    }
    endCursor
    hasNextPage
  }
}
    fragment BeliefChangeRow on BeliefChange {
  id
  at
  kind
  targetId
  change
  actor
  recordedActor
  oldValue
  newValue
  reason
  stage
  evidenceIds
  scrubbed
}`),_n=new z(`
    query ExtractionTrace($userId: String!, $sessionId: String!, $messageId: String) {
  extractionTrace(userId: $userId, sessionId: $sessionId, messageId: $messageId) {
    ...TraceRow
  }
}
    fragment TraceDecisionRow on TraceDecisionView {
  outcome
  sentence
  piece
  ruleId
  shapedBy
  memoryId
  candidateId
  supersededIds
  supersededById
  explanation
  rule {
    id
    description
  }
}
fragment TraceRow on ExtractionTrace {
  id
  sessionId
  messageId
  role
  occurredAt
  recordedAt
  extractor
  llmProvider
  llmModel
  fallbackReason
  fromPerson
  refusedBy
  decisions {
    ...TraceDecisionRow
  }
}`),vn=new z(`
    query MemoryProvenance($userId: String!, $memoryId: ID!) {
  memoryProvenance(userId: $userId, memoryId: $memoryId) {
    madeBy
    memory {
      id
      content
      type
      status
      origin
      createdAt
    }
    rule {
      id
      description
      measuredPrecision
      judged
    }
    steps {
      ...ProvenanceStep
    }
    traits {
      traitId
      content
      stage
      supports
    }
  }
}
    fragment ProvenanceStep on ExtractionTrace {
  id
  sessionId
  messageId
  role
  occurredAt
  recordedAt
  jobId
  extractor
  llmProvider
  llmModel
  decisions {
    outcome
    sentence
    piece
    ruleId
  }
}`),yn=[`FACT`,`PREFERENCE`,`GOAL`,`PAIN_POINT`,`EVENT`],bn=[`ACTIVE`,`SUPERSEDED`,`ARCHIVED`,`FORGOTTEN`],xn=[`TREND`,`CANDIDATE`,`EMERGING`,`ESTABLISHED`,`CORE`],Sn=[`PENDING`,`RUNNING`,`SUCCEEDED`,`FAILED`],Cn=[`CONVERSATION`,`DOCUMENT`,`TODO`,`TASK`,`FORUM_POST`,`NOTE`,`CALENDAR`],wn=[`EVENT`,`MEMORY`,`CANDIDATE`],Tn=new Intl.DateTimeFormat(void 0,{dateStyle:`medium`,timeStyle:`short`,timeZone:`UTC`});function B(e){if(!e)return`–`;let t=new Date(e);return Number.isNaN(t.getTime())?e:`${Tn.format(t)} UTC`}function En(e){return e==null?`–`:`${Math.round(e*100)} %`}function V(e){return e.toLocaleString()}var Dn=/[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]/;function On(e){return e&&Dn.test(e)?`zh`:void 0}function H(e){return e.toLowerCase().replace(/_/g,` `)}function kn(e){if(e===void 0)return``;try{return decodeURIComponent(e)}catch{return e}}function U(e){return encodeURIComponent(e)}var An=0;Array.isArray;function W(e,n,r,i,a,o){n||={};var s,c,l=n;if(`ref`in l)for(c in l={},n)c==`ref`?s=n[c]:l[c]=n[c];var u={type:e,props:l,key:r,ref:s,__k:null,__:null,__b:0,__e:null,__c:null,constructor:void 0,__v:--An,__i:-1,__u:0,__source:a,__self:o};if(typeof e==`function`&&(s=e.defaultProps))for(c in s)l[c]===void 0&&(l[c]=s[c]);return t.vnode&&t.vnode(u),u}function G({children:e,as:t=`span`}){return W(t,{lang:On(e),children:e})}function K({value:e,tone:t}){return W(`span`,{class:`badge badge-${t??e.toLowerCase()}`,children:H(e)})}function jn({value:e,name:t}){if(e===null)return W(`span`,{class:`muted`,children:[t,`: –`]});let n=Math.round(e*100);return W(`span`,{class:`meter`,title:`${t} ${e.toFixed(3)}`,children:[W(`span`,{class:`meter-label`,children:t}),W(`span`,{class:`meter-bar`,role:`meter`,"aria-label":t,"aria-valuemin":0,"aria-valuemax":100,"aria-valuenow":n,children:W(`span`,{style:{width:`${n}%`}})}),W(`span`,{class:`meter-value`,children:[n,` %`]})]})}function q({what:e}){return W(`p`,{class:`loading`,role:`status`,children:[`Loading `,e,`…`]})}function J({error:e,retry:t}){return W(`div`,{class:`error`,role:`alert`,children:[W(`strong`,{children:e.code}),`: `,e.message,e.suggestion&&W(`p`,{children:e.suggestion}),t&&W(`button`,{type:`button`,onClick:t,children:`Try again`})]})}function Y({title:e,children:t}){return W(`div`,{class:`empty`,role:`note`,children:[W(`h3`,{children:e}),W(`div`,{children:t})]})}function Mn({index:e,pages:t,go:n,noun:r}){return t<=1?null:W(`nav`,{class:`pager`,"aria-label":`${r} pages`,children:[W(`button`,{type:`button`,disabled:e===0,onClick:()=>n(e-1),children:`← Previous`}),W(`span`,{children:[`Page `,e+1,` of `,t]}),W(`button`,{type:`button`,disabled:e>=t-1,onClick:()=>n(e+1),children:`Next →`})]})}function Nn({cursors:e,next:t,setCursors:n,noun:r}){return e.length<=1&&!t?null:W(`nav`,{class:`pager`,"aria-label":`${r} pages`,children:[W(`button`,{type:`button`,disabled:e.length<=1,onClick:()=>n(e.slice(0,-1)),children:`← Previous`}),W(`span`,{children:[`Page `,e.length]}),W(`button`,{type:`button`,disabled:!t,onClick:()=>t&&n([...e,t]),children:`Next →`})]})}function Pn(){let[,e]=xt(),[t,n]=A(``),[r,i]=A(``),[a,o]=A([null]),s=a[a.length-1],{data:c,error:l,loading:u,reload:d}=R(Gt,{prefix:r||null,after:s},`${r}|${s}`);return document.title=`Users · graphsvc`,W(`main`,{id:`main`,class:`page`,children:[W(`h1`,{children:`What graphsvc knows about a user`}),W(`p`,{class:`lead`,children:`Memories with their source messages, traits with their evidence, entities and how they relate, what waits for a decision, and what the background jobs did.`}),W(`form`,{class:`open-user`,onSubmit:n=>{n.preventDefault(),t.trim()&&e(`/users/${U(t.trim())}`)},children:[W(`label`,{for:`user-id`,children:`User id`}),W(`input`,{id:`user-id`,value:t,onInput:e=>n(e.currentTarget.value),placeholder:`e.g. ana`}),W(`button`,{type:`submit`,children:`Open`})]}),W(`section`,{"aria-labelledby":`users-title`,children:[W(`div`,{class:`section-head`,children:[W(`h2`,{id:`users-title`,children:`Users with conversations`}),W(`label`,{class:`inline`,children:[W(`span`,{children:`Filter by id prefix`}),W(`input`,{type:`search`,value:r,onInput:e=>{i(e.currentTarget.value),o([null])}})]})]}),u&&!c&&W(q,{what:`users`}),l&&W(J,{error:l,retry:d}),c&&c.users.nodes.length===0&&W(Y,{title:r?`No user id starts with that`:`No user yet`,children:W(`p`,{children:[`Send a conversation with `,W(`code`,{children:`ingestMessages`}),`, then `,W(`code`,{children:`endConversation`}),` to extract its memories: try it in `,W(`a`,{href:`/graphql`,children:`GraphiQL`}),` (the first saved tab), or import a file with`,` `,W(`code`,{children:`graphsvc import FILE.jsonl`}),`.`]})}),c&&c.users.nodes.length>0&&W(`ul`,{class:`cards users`,children:c.users.nodes.map(e=>W(`li`,{class:`card`,children:[W(F,{href:`/users/${U(e.userId)}`,class:`card-title`,children:W(`span`,{lang:On(e.userId),children:e.userId})}),W(`div`,{class:`muted`,children:[e.sessions,` conversation`,e.sessions===1?``:`s`,` · last message `,B(e.lastMessageAt)]})]},e.userId))}),c&&W(Nn,{cursors:a,next:c.users.hasNextPage?c.users.endCursor:null,setCursors:o,noun:`Users`})]})]})}var Fn=[{key:`events`,name:`events`},{key:`memories`,name:`memories`},{key:`candidates`,name:`candidates`},{key:`documents`,name:`documents`}];function In({days:e}){let t=e=>e.events+e.memories+e.candidates+e.documents,n=Math.max(1,...e.map(t)),r=600/Math.max(1,e.length),i=e.filter(e=>t(e)>0);return W(`figure`,{class:`growth`,children:[W(`svg`,{viewBox:`0 0 600 120`,role:`img`,"aria-label":`Growth over ${e.length} days: ${i.length} days with something new`,preserveAspectRatio:`none`,children:e.map((e,t)=>{let i=120;return W(`g`,{children:[W(`title`,{children:`${e.day}: ${Fn.map(t=>`${e[t.key]} ${t.name}`).join(`, `)}`}),Fn.map(a=>{let o=e[a.key]/n*116;return i-=o,o>0?W(`rect`,{class:`growth-${a.key}`,x:t*r+1,y:i,width:Math.max(1,r-2),height:o},a.key):null})]},e.day)})}),W(`figcaption`,{children:Fn.map(e=>W(`span`,{class:`legend-item`,children:[W(`span`,{class:`swatch growth-${e.key}`}),` `,e.name]},e.key))}),W(`details`,{children:[W(`summary`,{children:[`Days with something new (`,i.length,`)`]}),W(`div`,{class:`table-wrap`,children:W(`table`,{children:[W(`thead`,{children:W(`tr`,{children:[W(`th`,{scope:`col`,children:`day`}),Fn.map(e=>W(`th`,{scope:`col`,children:e.name},e.key))]})}),W(`tbody`,{children:i.map(e=>W(`tr`,{children:[W(`td`,{children:e.day}),Fn.map(t=>W(`td`,{children:V(e[t.key])},t.key))]},e.day))})]})})]})]})}function Ln({items:e,empty:t}){return e.length===0?W(`p`,{class:`muted`,children:t}):W(`dl`,{class:`breakdown`,children:e.map(e=>W(`div`,{children:[W(`dt`,{children:H(e.key)}),W(`dd`,{children:V(e.count)})]},e.key))})}function Rn({value:e,name:t,href:n}){let r=W(C,{children:[W(`span`,{class:`stat-value`,children:V(e)}),W(`span`,{class:`stat-name`,children:t})]});return n?W(F,{href:n,class:`stat`,children:r}):W(`div`,{class:`stat`,children:r})}function zn({userId:e}){let{data:t,error:n,loading:r,reload:i}=R(ln,{userId:e},e);if(r&&!t)return W(q,{what:`the overview`});if(n)return W(J,{error:n,retry:i});if(!t)return null;let a=t.userStats,o=a.counts,s=a.candidatesByStatus.find(e=>e.key.toLowerCase()===`open`)?.count??0;return o.events===0&&a.documents===0?W(Y,{title:`Nothing stored for this user yet`,children:W(`p`,{children:[`Send their conversation with `,W(`code`,{children:`ingestMessages`}),` (user id `,W(`code`,{children:e}),`), then call`,` `,W(`code`,{children:`endConversation`}),`: a background job extracts memories and entities, and reflection builds traits. Try it in `,W(`a`,{href:`/graphql`,children:`GraphiQL`}),`.`]})}):W(`div`,{class:`overview`,children:[W(`section`,{"aria-label":`Totals`,class:`stats`,children:[W(Rn,{value:o.events,name:`messages`}),W(Rn,{value:o.sessions,name:`conversations (${o.openSessions} open)`}),W(Rn,{value:o.memories,name:`memories`,href:`/memories`}),W(Rn,{value:o.traits,name:`traits`,href:`/traits`}),W(Rn,{value:o.entities,name:`entities`,href:`/entities`}),W(Rn,{value:o.pendingObservations+s,name:`waiting for review`,href:`/review`}),W(Rn,{value:a.documents,name:`documents`,href:`/documents`})]}),W(`section`,{class:`panel`,"aria-labelledby":`ov-growth`,children:[W(`h2`,{id:`ov-growth`,children:[`Growth, last `,a.growth.length,` days`]}),W(In,{days:a.growth}),W(F,{href:`/timeline`,children:`Timeline →`})]}),W(`div`,{class:`grid-2`,children:[W(`section`,{class:`panel`,"aria-labelledby":`ov-sources`,children:[W(`h2`,{id:`ov-sources`,children:`Events by source`}),W(Ln,{items:a.eventsBySource,empty:`No event yet.`})]}),W(`section`,{class:`panel`,"aria-labelledby":`ov-candidates`,children:[W(`h2`,{id:`ov-candidates`,children:`Candidates and documents`}),W(Ln,{items:a.candidatesByStatus,empty:`No candidate yet: they come from todos, notes, documents…`}),W(`dl`,{class:`breakdown`,children:[W(`div`,{children:[W(`dt`,{children:`documents`}),W(`dd`,{children:V(a.documents)})]}),W(`div`,{children:[W(`dt`,{children:`passages`}),W(`dd`,{children:V(a.passages)})]}),W(`div`,{children:[W(`dt`,{children:`tags`}),W(`dd`,{children:V(a.tags)})]}),W(`div`,{children:[W(`dt`,{children:`learning runs`}),W(`dd`,{children:V(a.learningRuns)})]})]})]}),W(`section`,{class:`panel`,"aria-labelledby":`ov-memories`,children:[W(`h2`,{id:`ov-memories`,children:`Memories by type`}),W(Ln,{items:o.memoriesByType,empty:`No memory yet: end a conversation to extract some.`})]}),W(`section`,{class:`panel`,"aria-labelledby":`ov-traits`,children:[W(`h2`,{id:`ov-traits`,children:`Traits by stage`}),W(Ln,{items:o.traitsByStage,empty:`No trait yet: reflection needs memories from two conversations.`})]}),W(`section`,{class:`panel`,"aria-labelledby":`ov-entities`,children:[W(`h2`,{id:`ov-entities`,children:`Entity graph`}),W(`dl`,{class:`breakdown`,children:[W(`div`,{children:[W(`dt`,{children:`entities`}),W(`dd`,{children:V(o.entities)})]}),W(`div`,{children:[W(`dt`,{children:`aliases`}),W(`dd`,{children:V(o.aliases)})]}),W(`div`,{children:[W(`dt`,{children:`impressions`}),W(`dd`,{children:V(o.impressions)})]}),W(`div`,{children:[W(`dt`,{children:`features`}),W(`dd`,{children:V(o.features)})]}),W(`div`,{children:[W(`dt`,{children:`relations`}),W(`dd`,{children:V(o.relations)})]})]})]}),W(`section`,{class:`panel`,"aria-labelledby":`ov-jobs`,children:[W(`h2`,{id:`ov-jobs`,children:`Background work`}),W(Ln,{items:o.jobsByStatus,empty:`No job yet.`}),W(`dl`,{class:`breakdown`,children:[W(`div`,{children:[W(`dt`,{children:`LLM calls`}),W(`dd`,{children:V(o.llmCalls)})]}),W(`div`,{children:[W(`dt`,{children:`tokens in / out`}),W(`dd`,{children:[V(o.tokensIn),` / `,V(o.tokensOut)]})]}),W(`div`,{children:[W(`dt`,{children:`reflection cycles`}),W(`dd`,{children:V(o.reflectionCycles)})]})]}),W(F,{href:`/jobs`,children:`All jobs →`})]})]}),W(`p`,{class:`muted`,children:[`First message `,B(o.firstMessageAt),` · latest message `,B(o.lastMessageAt),` · last reflection`,` `,B(o.lastReflectionAt),` · last daily learning `,B(a.lastLearningAt)]})]})}function Bn({userId:e,request:t,onClose:n}){let r=M(null),i=JSON.stringify(t),{data:a,error:o,loading:s,reload:c}=R(Ut,{userId:e,messageIds:t.messageIds??[],eventIds:t.eventIds??[]},`${e}|${i}`);return j(()=>{let e=r.current;return e&&!e.open&&e.showModal(),()=>e?.close()},[]),W(`dialog`,{ref:r,class:`messages-dialog`,"aria-labelledby":`messages-title`,onClose:n,children:[W(`header`,{children:[W(`h2`,{id:`messages-title`,children:t.title}),W(`button`,{type:`button`,class:`close`,onClick:()=>r.current?.close(),"aria-label":`Close`,children:`✕`})]}),s&&W(q,{what:`messages`}),o&&W(J,{error:o,retry:c}),a&&a.messages.length===0&&W(Y,{title:`No stored message`,children:`The messages this came from are no longer stored (or were never given ids).`}),a&&a.messages.length>0&&W(`ol`,{class:`messages`,children:a.messages.map(e=>W(`li`,{class:`message message-${e.role}`,children:[W(`div`,{class:`message-meta`,children:[W(`strong`,{children:e.speaker??e.role}),` · `,B(e.occurredAt),` · session `,W(`code`,{children:e.sessionId}),` · id`,` `,W(`code`,{children:e.messageId})]}),W(G,{as:`p`,children:e.content})]},e.id))})]})}function Vn({userId:e,memory:t,done:n,openHistory:r}){let[i,a]=A(`idle`),[o,s]=A(t.content),[c,l]=A(``),[u,d]=A(!1),[f,p]=A(null),m=M(null);j(()=>m.current?.focus(),[i]);let h={userId:e,memoryId:t.id};async function g(e,t){d(!0),p(null);try{await e(),a(`idle`),n(t)}catch(e){p(Vt(e))}finally{d(!1)}}let _=t.status===`ACTIVE`;return W(`div`,{class:`memory-actions`,children:[i===`idle`&&W(`div`,{class:`actions`,children:[W(`button`,{type:`button`,onClick:()=>r(t),children:`History`}),_&&W(`button`,{type:`button`,onClick:()=>a(`correct`),children:`Correct…`}),_&&W(`button`,{type:`button`,disabled:u,onClick:()=>g(()=>L(Jt,h),`Archived: out of recall until restored.`),children:`Archive`}),t.status===`ARCHIVED`&&W(`button`,{type:`button`,disabled:u,onClick:()=>g(()=>L(Yt,h),`Restored: active again.`),children:`Restore`}),t.status!==`FORGOTTEN`&&W(`button`,{type:`button`,class:`danger`,onClick:()=>a(`forget`),children:`Forget…`})]}),i===`correct`&&W(`form`,{class:`memory-form`,onSubmit:e=>{e.preventDefault(),o.trim()&&o.trim()!==t.content&&g(()=>L(qt,{...h,content:o.trim()}),`Corrected: the old version is kept as superseded.`)},children:[W(`label`,{for:`correct-${t.id}`,children:`Corrected memory`}),W(`textarea`,{id:`correct-${t.id}`,ref:m,rows:3,value:o,onInput:e=>s(e.currentTarget.value),onKeyDown:e=>e.key===`Escape`&&a(`idle`)}),W(`div`,{class:`actions`,children:[W(`button`,{type:`submit`,disabled:u||!o.trim()||o.trim()===t.content,children:`Save correction`}),W(`button`,{type:`button`,class:`secondary`,onClick:()=>a(`idle`),children:`Cancel`})]})]}),i===`forget`&&W(`form`,{class:`memory-form`,onSubmit:e=>{e.preventDefault(),g(()=>L(Xt,{...h,reason:c.trim()||null}),`Forgotten: its text is gone and the traits that cited it were re-scored.`)},children:[W(`p`,{role:`alert`,children:`Forget this memory? Its text is removed for good (a tombstone stays in its history), the evidence citing it goes and its traits are re-scored. Its source messages stay.`}),W(`label`,{for:`reason-${t.id}`,children:`Reason (optional)`}),W(`input`,{id:`reason-${t.id}`,ref:m,value:c,onInput:e=>l(e.currentTarget.value),onKeyDown:e=>e.key===`Escape`&&a(`idle`)}),W(`div`,{class:`actions`,children:[W(`button`,{type:`submit`,class:`danger`,disabled:u,children:`Forget it`}),W(`button`,{type:`button`,class:`secondary`,onClick:()=>a(`idle`),children:`Keep it`})]})]}),f&&W(J,{error:f})]})}function Hn({userId:e,memory:t,onClose:n}){let r=M(null),{data:i,error:a,loading:o,reload:s}=R(Zt,{userId:e,memoryId:t.id},`${e}|${t.id}`);return j(()=>{let e=r.current;return e&&!e.open&&e.showModal(),()=>e?.close()},[]),W(`dialog`,{ref:r,class:`messages-dialog`,"aria-labelledby":`history-title`,onClose:n,children:[W(`header`,{children:[W(`h2`,{id:`history-title`,children:`History of this memory`}),W(`button`,{type:`button`,class:`close`,onClick:()=>r.current?.close(),"aria-label":`Close`,children:`✕`})]}),o&&W(q,{what:`history`}),a&&W(J,{error:a,retry:s}),i&&i.memoryHistory.length===0&&W(Y,{title:`No history`,children:`Nothing was recorded for this memory.`}),i&&i.memoryHistory.length>0&&W(`ol`,{class:`history`,children:i.memoryHistory.map(e=>W(`li`,{class:`history-entry history-${e.event}`,children:[W(`div`,{class:`message-meta`,children:[W(`strong`,{children:H(e.event)}),` · `,B(e.createdAt),` · by `,e.actor,e.reason?W(C,{children:[` · “`,W(G,{children:e.reason}),`”`]}):null]}),e.scrubbed&&W(`p`,{class:`muted`,children:`Its values quoted deleted content and were blanked.`}),e.oldValue&&W(`p`,{children:[W(`span`,{class:`muted`,children:`was `}),W(G,{children:e.oldValue})]}),e.newValue&&W(`p`,{children:[W(`span`,{class:`muted`,children:`now `}),W(G,{children:e.newValue})]})]},e.id))})]})}function Un(e){let t=new Date(e),n=new Date(t.getTime()+864e5);return{from:t.toISOString().slice(0,10),to:n.toISOString().slice(0,10)}}function Wn({provenance:e}){let{madeBy:t,rule:n,steps:r}=e;if(t===`RULEBOOK`)return W(`div`,{class:`made-by made-by-rulebook`,children:[W(`p`,{children:[`Kept by a rule of the offline rulebook`,n?`: `:`.`,n&&W(`strong`,{children:n.description})]}),W(`p`,{class:`muted`,children:[n?.measuredPrecision==null?`precision not measured yet`:`measured precision ${n.measuredPrecision.toFixed(2)} on ${n.judged} held-out outputs`,n&&W(C,{children:[` `,`· rule `,W(`code`,{class:`secondary-id`,children:n.id})]})]})]});if(t===`LLM`){let e=[...new Set(r.map(e=>[e.llmModel,e.llmProvider&&`via ${e.llmProvider}`].filter(Boolean).join(` `)))];return W(`p`,{class:`made-by made-by-llm`,children:[`Extracted by an LLM`,e.some(Boolean)?W(C,{children:[`: `,W(`strong`,{children:e.filter(Boolean).join(`, `)})]}):`.`]})}return t===`PERSON`?W(`p`,{class:`made-by made-by-person`,children:`Stated by the person (remembered or corrected by hand), not extracted.`}):W(`p`,{class:`made-by made-by-agent`,children:[`Stated by an agent through `,W(`code`,{children:`remember`}),`, not extracted.`]})}function Gn({step:e,close:t}){let n=e.occurredAt?Un(e.occurredAt):null;return W(`li`,{class:`provenance-step`,children:[e.decisions.map((e,t)=>W(`div`,{class:`provenance-decision trace-${e.outcome.toLowerCase()}`,children:[W(K,{value:e.outcome}),` `,W(`q`,{class:`said`,children:W(G,{children:e.sentence??e.piece})})]},t)),W(`p`,{class:`muted`,children:[`said `,B(e.occurredAt),` in conversation `,W(`code`,{class:`secondary-id`,children:e.sessionId}),n&&W(C,{children:[` `,`·`,` `,W(F,{href:`/timeline?from=${n.from}&to=${n.to}`,onClick:t,children:`see the message on the timeline`})]})]}),W(`p`,{class:`muted provenance-job`,children:[e.extractor===`LLM`?`read by the LLM${e.llmModel?` ${e.llmModel}`:``}`:`read by the rulebook`,` in extraction job `,W(`code`,{class:`secondary-id`,children:e.jobId}),`, `,B(e.recordedAt),` · message`,` `,W(`code`,{class:`secondary-id`,children:e.messageId})]})]})}function Kn({provenance:e,close:t}){let{memory:n,steps:r,traits:i}=e;return W(`div`,{class:`provenance`,children:[W(`p`,{class:`provenance-memory`,children:[W(K,{value:n.type}),` `,n.status!==`ACTIVE`&&W(K,{value:n.status}),` `,W(G,{children:n.content})]}),W(`h3`,{children:`Made by`}),W(Wn,{provenance:e}),W(`h3`,{children:[`From `,r.length===1?`this message`:`these ${r.length} messages`]}),r.length===0?W(`p`,{class:`muted`,children:e.madeBy===`PERSON`||e.madeBy===`AGENT`?`No message: it was stated directly.`:`No extraction step is kept any more (traces are kept for EXTRACTION_TRACE_RETENTION_DAYS).`}):W(`ol`,{class:`provenance-steps`,children:r.map(e=>W(Gn,{step:e,close:t},e.id))}),W(`h3`,{children:`Traits resting on it`}),i.length===0?W(`p`,{class:`muted`,children:`No trait cites it yet.`}):W(`ul`,{class:`provenance-traits`,children:i.map(e=>W(`li`,{children:[W(K,{value:e.stage}),` `,W(`span`,{class:`muted`,children:e.supports?`supports`:`contradicts`}),` `,W(F,{href:`/traits/${U(e.traitId)}`,onClick:t,children:W(G,{children:e.content})})]},e.traitId))})]})}function qn({userId:e,request:t,onClose:n}){let r=M(null),{data:i,error:a,loading:o,reload:s}=R(vn,{userId:e,memoryId:t.memoryId},`${e}|${t.memoryId}`);j(()=>{let e=r.current;return e&&!e.open&&e.showModal(),()=>e?.close()},[]);let c=()=>r.current?.close();return W(`dialog`,{ref:r,class:`messages-dialog provenance-dialog`,"aria-labelledby":`provenance-title`,onClose:n,children:[W(`header`,{children:[W(`h2`,{id:`provenance-title`,children:`Why graphsvc believes this`}),W(`button`,{type:`button`,class:`close`,onClick:c,"aria-label":`Close`,children:`✕`})]}),o&&W(q,{what:`where this memory came from`}),a&&W(J,{error:a,retry:s}),i&&W(Kn,{provenance:i.memoryProvenance,close:c}),!i&&!o&&!a&&W(Y,{title:`Nothing to show`,children:W(G,{children:t.content})})]})}function Jn({memory:e}){return e.status===`FORGOTTEN`?W(`p`,{class:`muted`,children:`Forgotten: its text was removed.`}):!e.validFrom&&!e.validTo?null:W(`p`,{class:`valid-time muted`,children:[e.validTo?W(C,{children:[`held from `,B(e.validFrom),` to `,B(e.validTo)]}):W(C,{children:[`holds since `,B(e.validFrom)]}),e.slot?W(C,{children:[` `,`· value of `,W(`code`,{children:e.slot})]}):null]})}function Yn({memory:e}){if(!e.ruleId)return null;let t=e.rule?.measuredPrecision;return W(`p`,{class:`kept-by muted`,children:[`kept by rule `,W(`code`,{children:e.ruleId}),e.rule?`: ${e.rule.description}`:``,t==null?``:` (precision ${t.toFixed(2)} over ${e.rule?.judged} judged)`]})}function Xn({memory:e,openSources:t,explain:n,actions:r}){return W(`li`,{class:`card memory memory-${e.status.toLowerCase()}`,children:[W(`div`,{class:`card-head`,children:[W(K,{value:e.type}),e.status!==`ACTIVE`&&W(K,{value:e.status}),e.origin!==`EXTRACTION`&&W(K,{value:`from ${e.origin}`,tone:`origin`}),e.reinforcementCount>0&&W(`span`,{class:`muted`,children:[`reinforced `,e.reinforcementCount,`×`]})]}),e.content?W(G,{as:`p`,children:e.content}):null,W(Jn,{memory:e}),W(Yn,{memory:e}),W(`div`,{class:`card-meta`,children:[W(jn,{value:e.confidence,name:`confidence`}),W(jn,{value:e.importance,name:`importance`})]}),W(`div`,{class:`card-foot`,children:[W(`span`,{class:`muted`,children:[e.occurredAt?`happened ${B(e.occurredAt)} · `:``,`stored `,B(e.createdAt),e.lastReinforcedAt?` · last reinforced ${B(e.lastReinforcedAt)}`:``]}),W(`button`,{type:`button`,disabled:e.sourceMessageIds.length===0,onClick:()=>t({title:`Where this memory came from`,messageIds:e.sourceMessageIds}),children:[`Source messages (`,e.sourceMessageIds.length,`)`]}),e.status!==`FORGOTTEN`&&W(`button`,{type:`button`,class:`why`,"aria-label":`Why? Where this memory came from`,onClick:()=>n({memoryId:e.id,content:e.content}),children:`Why?`})]}),r]})}var Zn={ACTIVE:[`ACTIVE`],SUPERSEDED:[`SUPERSEDED`],ARCHIVED:[`ARCHIVED`],FORGOTTEN:[`FORGOTTEN`],ALL:[...bn]};function Qn({userId:e}){let[t,n]=A(``),[r,i]=A(`ACTIVE`),[a,o]=A(null),[s,c]=A(null),[l,u]=A([null]),[d,f]=A(null),[p,m]=A(null),h=l[l.length-1],{data:g,error:_,loading:v,reload:y}=R(Kt,{userId:e,type:t||null,after:h,status:Zn[r]},`${e}|${t}|${r}|${h}`),b=e=>{o(e),y()};return W(`section`,{"aria-labelledby":`memories-title`,children:[W(`div`,{class:`section-head`,children:[W(`h2`,{id:`memories-title`,children:`Memories`}),W(`label`,{class:`inline`,children:[W(`span`,{children:`Type`}),W(`select`,{value:t,onChange:e=>{n(e.currentTarget.value),u([null])},children:[W(`option`,{value:``,children:`all types`}),yn.map(e=>W(`option`,{value:e,children:H(e)},e))]})]}),W(`label`,{class:`inline`,children:[W(`span`,{children:`Status`}),W(`select`,{value:r,onChange:e=>{i(e.currentTarget.value),u([null]),o(null)},children:Object.keys(Zn).map(e=>W(`option`,{value:e,children:H(e)},e))})]})]}),W(`p`,{class:`notice`,role:`status`,children:a}),v&&!g&&W(q,{what:`memories`}),_&&W(J,{error:_,retry:y}),g&&g.memories.items.length===0&&W(Y,{title:r===`ACTIVE`?t?`No ${H(t)} memory`:`No memory yet`:`No ${H(r)} memory`,children:r===`ACTIVE`?W(`p`,{children:[`Memories are extracted when a conversation ends: call `,W(`code`,{children:`endConversation`}),` for one of this user's sessions (idle ones end by themselves after 30 minutes by default), then look at the`,` `,W(F,{href:`/jobs`,children:`jobs`}),` view.`]}):W(`p`,{children:[`A memory is superseded when it is corrected or a newer value replaces it, archived with`,` `,W(`strong`,{children:`Archive`}),` (or by daily learning when unused), forgotten with `,W(`strong`,{children:`Forget…`}),`. Pick another status above to see the others.`]})}),g&&g.memories.items.length>0&&W(`ul`,{class:`cards`,"aria-busy":v,children:g.memories.items.map(t=>W(Xn,{memory:t,openSources:f,explain:m,actions:W(Vn,{userId:e,memory:t,done:b,openHistory:c})},`${t.id}|${t.status}`))}),g&&W(Nn,{cursors:l,next:g.memories.nextCursor,setCursors:u,noun:`Memories`}),d&&W(Bn,{userId:e,request:d,onClose:()=>f(null)}),p&&W(qn,{userId:e,request:p,onClose:()=>m(null)}),s&&W(Hn,{userId:e,memory:s,onClose:()=>c(null)})]})}var $n=240,er=48,tr=4;function nr({history:e}){if(e.length===0)return null;let t=e.map(e=>new Date(e.at).getTime()),n=Math.min(...t),r=Math.max(1,Math.max(...t)-n),i=e=>tr+(e-n)/r*232,a=e=>44-e*40,o=[],s=null;e.forEach((e,n)=>{let r=i(t[n]);if(e.confidence===null){s=null;return}let c=a(e.confidence);o.push(s===null?`M${r.toFixed(1)},${c.toFixed(1)}`:`H${r.toFixed(1)}V${c.toFixed(1)}`),s=e.confidence});let c=e.map(e=>`${B(e.at)}: ${H(e.event)}, ${H(e.stage)}, confidence ${En(e.confidence)}`).join(`; `);return W(`figure`,{class:`confidence-trend`,children:[W(`svg`,{viewBox:`0 0 ${$n} ${er}`,role:`img`,"aria-label":`Confidence over time: ${c}`,children:[W(`line`,{class:`trend-axis`,x1:tr,x2:236,y1:a(0),y2:a(0)}),o.length>0&&W(`path`,{class:`trend-line`,d:o.join(``)}),e.map((e,n)=>e.confidence===null?null:W(`circle`,{class:`trend-point`,cx:i(t[n]),cy:a(e.confidence),r:2.5,children:W(`title`,{children:`${B(e.at)}: ${H(e.event)}, ${En(e.confidence)}`})},n))]}),W(`details`,{children:[W(`summary`,{children:[`Confidence over time (`,e.length,` points)`]}),W(`div`,{class:`table-wrap`,children:W(`table`,{class:`trend-table`,children:[W(`thead`,{children:W(`tr`,{children:[W(`th`,{scope:`col`,children:`when`}),W(`th`,{scope:`col`,children:`event`}),W(`th`,{scope:`col`,children:`stage`}),W(`th`,{scope:`col`,children:`confidence`})]})}),W(`tbody`,{children:e.map((e,t)=>W(`tr`,{children:[W(`td`,{children:B(e.at)}),W(`td`,{children:H(e.event)}),W(`td`,{children:H(e.stage)}),W(`td`,{children:En(e.confidence)})]},t))})]})})]})]})}function rr({evidence:e,openSources:t,explain:n}){let r=e.memory;return W(`li`,{class:`evidence evidence-${e.kind.toLowerCase()}`,children:[W(`div`,{class:`card-head`,children:[W(K,{value:e.kind}),W(`span`,{class:`grade`,title:`A consistent across contexts, B explicitly stated, C across conversations, D within one`,children:[`grade `,e.grade]}),e.inheritedFrom&&W(`span`,{class:`muted`,children:`inherited from a narrower trait`}),e.resolvedAt&&W(`span`,{class:`muted`,children:[`taken into account `,B(e.resolvedAt)]})]}),r?W(C,{children:[W(`p`,{children:[W(K,{value:r.memoryType,tone:`type`}),` `,W(G,{children:r.content})]}),W(`button`,{type:`button`,disabled:r.sourceMessageIds.length===0,onClick:()=>t({title:`Messages behind this evidence`,messageIds:r.sourceMessageIds}),children:[`Source messages (`,r.sourceMessageIds.length,`)`]}),` `,W(`button`,{type:`button`,class:`why`,"aria-label":`Why? Where this memory came from`,onClick:()=>n({memoryId:r.id,content:r.content}),children:`Why?`})]}):W(`p`,{class:`muted`,children:`The memory this evidence cited is no longer stored.`})]})}function ir({trait:e,openSources:t,explain:n,single:r=!1}){let i=e.evidence.filter(e=>e.kind===`SUPPORTING`).length;return W(`li`,{class:`card trait`,children:[W(`div`,{class:`card-head`,children:[W(K,{value:e.stage}),W(K,{value:e.subtype,tone:`subtype`}),W(`span`,{class:`muted`,children:H(e.context)}),e.about&&W(`span`,{class:`about`,title:`The person whose memories this trait rests on`,children:[`about `,W(G,{children:e.about})]})]}),r?W(G,{as:`p`,children:e.content}):W(`p`,{children:W(F,{href:`/traits/${U(e.id)}`,class:`trait-link`,children:W(G,{children:e.content})})}),W(`div`,{class:`card-meta`,children:[W(jn,{value:e.confidence,name:`confidence`}),W(`span`,{class:`muted`,children:[`reinforced `,e.reinforcementCount,`× · contradicted `,e.contradictionCount,`×`,e.windowEnd?` · trend window ends ${B(e.windowEnd)}`:``]})]}),W(nr,{history:e.history}),e.ruleId&&W(`p`,{class:`kept-by muted`,children:[`phrased by rule `,W(`code`,{children:e.ruleId}),e.rule?`: ${e.rule.description}`:``,e.rule?.measuredPrecision==null?``:` (precision ${e.rule.measuredPrecision.toFixed(2)} over ${e.rule.judged} judged)`]}),(e.parents.length>0||e.children.length>0)&&W(`div`,{class:`lineage`,children:[e.parents.length>0&&W(`p`,{children:[`Part of: `,e.parents.map(e=>W(G,{children:e.content},e.id))]}),e.children.length>0&&W(`p`,{children:[`Built from: `,e.children.map((e,t)=>W(`span`,{children:[t>0&&`; `,W(G,{children:e.content})]},e.id))]}),e.reasoning&&W(`p`,{class:`reasoning`,children:[`Why: `,W(G,{children:e.reasoning})]})]}),W(`details`,{open:r,children:[W(`summary`,{children:[`Evidence: `,i,` supporting, `,e.evidence.length-i,` contradicting`]}),W(`ol`,{class:`evidence-list`,children:e.evidence.map(e=>W(rr,{evidence:e,openSources:t,explain:n},e.id))})]}),W(`div`,{class:`card-foot muted`,children:[`first observed `,B(e.firstObserved),` · last reinforced `,B(e.lastReinforced)]})]})}function ar({userId:e}){let[t,n]=A(``),[r,i]=A(null),[a,o]=A(null),{data:s,error:c,loading:l,reload:u}=R(Qt,{userId:e,minStage:t||null},`${e}|${t}`),d=s?.userTraits??[],{page:f,index:p,pages:m,go:h}=Ht(d,10,`${e}|${t}`);return W(`section`,{"aria-labelledby":`traits-title`,children:[W(`div`,{class:`section-head`,children:[W(`h2`,{id:`traits-title`,children:`Traits`}),W(`label`,{class:`inline`,children:[W(`span`,{children:`Lowest stage`}),W(`select`,{value:t,onChange:e=>n(e.currentTarget.value),children:[W(`option`,{value:``,children:`every active stage`}),xn.map(e=>W(`option`,{value:e,children:[H(e),` and up`]},e))]})]})]}),l&&!s&&W(q,{what:`traits`}),c&&W(J,{error:c,retry:u}),s&&d.length===0&&W(Y,{title:`No trait at these stages`,children:W(`p`,{children:[`Reflection builds traits from memories spanning at least two conversations. End another conversation of this user, or run `,W(`code`,{children:`reflect(userId: "…", force: true)`}),` in`,` `,W(`a`,{href:`/graphql`,children:`GraphiQL`}),`; trends and candidates show with “every active stage”.`]})}),d.length>0&&W(`ul`,{class:`cards`,children:f.map(e=>W(ir,{trait:e,openSources:i,explain:o},e.id))}),W(Mn,{index:p,pages:m,go:h,noun:`Traits`}),r&&W(Bn,{userId:e,request:r,onClose:()=>i(null)}),a&&W(qn,{userId:e,request:a,onClose:()=>o(null)})]})}function or({userId:e,id:t}){let[n,r]=A(null),[i,a]=A(null),{data:o,error:s,loading:c,reload:l}=R(Qt,{userId:e,minStage:null},`${e}|all`),u=o?.userTraits.find(e=>e.id===t);return W(`section`,{"aria-labelledby":`trait-title`,children:[W(`div`,{class:`section-head`,children:[W(`h2`,{id:`trait-title`,children:`Trait`}),W(F,{href:`/traits`,children:`all traits`})]}),c&&!o&&W(q,{what:`the trait`}),s&&W(J,{error:s,retry:l}),o&&!u&&W(Y,{title:`No such active trait`,children:W(`p`,{children:[`It was dissolved or never existed for this user. See the `,W(F,{href:`/traits`,children:`traits`}),` and`,` `,W(F,{href:`/changes`,children:`what changed`}),`.`]})}),u&&W(`ul`,{class:`cards`,children:W(ir,{trait:u,openSources:r,explain:a,single:!0})}),n&&W(Bn,{userId:e,request:n,onClose:()=>r(null)}),i&&W(qn,{userId:e,request:i,onClose:()=>a(null)})]})}function sr({userId:e}){let[t,n]=A(``),[r,i]=A(``),[a,o]=A([null]);j(()=>{let e=setTimeout(()=>{i(t.trim()),o([null])},250);return()=>clearTimeout(e)},[t]);let s=a[a.length-1],{data:c,error:l,loading:u,reload:d}=R($t,{userId:e,search:r||null,after:s},`${e}|${r}|${s}`);return W(`section`,{"aria-labelledby":`entities-title`,children:[W(`div`,{class:`section-head`,children:[W(`h2`,{id:`entities-title`,children:`Entities`}),W(`label`,{class:`inline`,children:[W(`span`,{children:`Search names`}),W(`input`,{type:`search`,value:t,onInput:e=>n(e.currentTarget.value),placeholder:`a name or an alias`})]})]}),u&&!c&&W(q,{what:`entities`}),l&&W(J,{error:l,retry:d}),c&&c.entities.nodes.length===0&&W(Y,{title:r?`No entity has that name`:`No entity yet`,children:W(`p`,{children:r?`Try a shorter part of the name: every word also matches as a prefix.`:`People, places and things are observed when a conversation ends; observations graphsvc could not settle wait in the Review view.`})}),c&&c.entities.nodes.length>0&&W(`ul`,{class:`cards entities`,"aria-busy":u,children:c.entities.nodes.map(e=>W(`li`,{class:`card`,children:[W(`div`,{class:`card-head`,children:[W(F,{href:`/entities/${U(e.subject)}`,class:`card-title`,children:W(G,{children:e.subject})}),W(K,{value:e.kind})]}),e.aliases.length>1&&W(`p`,{class:`muted`,children:[`also: `,W(G,{children:e.aliases.map(e=>e.name).filter(t=>t!==e.subject).join(`, `)})]})]},e.id))}),c&&W(Nn,{cursors:a,next:c.entities.hasNextPage?c.entities.endCursor:null,setCursors:o,noun:`Entities`})]})}function cr(e){let t=+this._x.call(null,e),n=+this._y.call(null,e);return lr(this.cover(t,n),t,n,e)}function lr(e,t,n,r){if(isNaN(t)||isNaN(n))return e;var i,a=e._root,o={data:r},s=e._x0,c=e._y0,l=e._x1,u=e._y1,d,f,p,m,h,g,_,v;if(!a)return e._root=o,e;for(;a.length;)if((h=t>=(d=(s+l)/2))?s=d:l=d,(g=n>=(f=(c+u)/2))?c=f:u=f,i=a,!(a=a[_=g<<1|h]))return i[_]=o,e;if(p=+e._x.call(null,a.data),m=+e._y.call(null,a.data),t===p&&n===m)return o.next=a,i?i[_]=o:e._root=o,e;do i=i?i[_]=[,,,,]:e._root=[,,,,],(h=t>=(d=(s+l)/2))?s=d:l=d,(g=n>=(f=(c+u)/2))?c=f:u=f;while((_=g<<1|h)==(v=(m>=f)<<1|p>=d));return i[v]=a,i[_]=o,e}function ur(e){Array.isArray(e)||(e=Array.from(e));let t=e.length,n=new Float64Array(t),r=new Float64Array(t),i=1/0,a=i,o=-i,s=o;for(let c=0,l,u,d;c<t;++c)isNaN(u=+this._x.call(null,l=e[c]))||isNaN(d=+this._y.call(null,l))?n[c]=NaN:(n[c]=u,r[c]=d,u<i&&(i=u),u>o&&(o=u),d<a&&(a=d),d>s&&(s=d));if(i>o||a>s)return this;this.cover(i,a).cover(o,s);for(let i=0;i<t;++i)lr(this,n[i],r[i],e[i]);return this}function dr(e,t){if(isNaN(e=+e)||isNaN(t=+t))return this;var n=this._x0,r=this._y0,i=this._x1,a=this._y1;if(isNaN(n))i=(n=Math.floor(e))+1,a=(r=Math.floor(t))+1;else{for(var o=i-n||1,s=this._root,c,l;n>e||e>=i||r>t||t>=a;)switch(l=(t<r)<<1|e<n,c=[,,,,],c[l]=s,s=c,o*=2,l){case 0:i=n+o,a=r+o;break;case 1:n=i-o,a=r+o;break;case 2:i=n+o,r=a-o;break;case 3:n=i-o,r=a-o}this._root&&this._root.length&&(this._root=s)}return this._x0=n,this._y0=r,this._x1=i,this._y1=a,this}function fr(){var e=[];return this.visit(function(t){if(!t.length)do e.push(t.data);while(t=t.next)}),e}function pr(e){return arguments.length?this.cover(+e[0][0],+e[0][1]).cover(+e[1][0],+e[1][1]):isNaN(this._x0)?void 0:[[this._x0,this._y0],[this._x1,this._y1]]}function X(e,t,n,r,i){this.node=e,this.x0=t,this.y0=n,this.x1=r,this.y1=i}function mr(e,t,n){var r,i=this._x0,a=this._y0,o,s,c,l,u=this._x1,d=this._y1,f=[],p=this._root,m,h;for(p&&f.push(new X(p,i,a,u,d)),n==null?n=1/0:(i=e-n,a=t-n,u=e+n,d=t+n,n*=n);m=f.pop();)if(!(!(p=m.node)||(o=m.x0)>u||(s=m.y0)>d||(c=m.x1)<i||(l=m.y1)<a)){if(p.length){var g=(o+c)/2,_=(s+l)/2;f.push(new X(p[3],g,_,c,l),new X(p[2],o,_,g,l),new X(p[1],g,s,c,_),new X(p[0],o,s,g,_)),(h=(t>=_)<<1|e>=g)&&(m=f[f.length-1],f[f.length-1]=f[f.length-1-h],f[f.length-1-h]=m)}else{var v=e-+this._x.call(null,p.data),y=t-+this._y.call(null,p.data),b=v*v+y*y;if(b<n){var ee=Math.sqrt(n=b);i=e-ee,a=t-ee,u=e+ee,d=t+ee,r=p.data}}}return r}function hr(e){if(isNaN(u=+this._x.call(null,e))||isNaN(d=+this._y.call(null,e)))return this;var t,n=this._root,r,i,a,o=this._x0,s=this._y0,c=this._x1,l=this._y1,u,d,f,p,m,h,g,_;if(!n)return this;if(n.length)for(;;){if((m=u>=(f=(o+c)/2))?o=f:c=f,(h=d>=(p=(s+l)/2))?s=p:l=p,t=n,!(n=n[g=h<<1|m]))return this;if(!n.length)break;(t[g+1&3]||t[g+2&3]||t[g+3&3])&&(r=t,_=g)}for(;n.data!==e;)if(i=n,!(n=n.next))return this;return(a=n.next)&&delete n.next,i?(a?i.next=a:delete i.next,this):t?(a?t[g]=a:delete t[g],(n=t[0]||t[1]||t[2]||t[3])&&n===(t[3]||t[2]||t[1]||t[0])&&!n.length&&(r?r[_]=n:this._root=n),this):(this._root=a,this)}function gr(e){for(var t=0,n=e.length;t<n;++t)this.remove(e[t]);return this}function _r(){return this._root}function vr(){var e=0;return this.visit(function(t){if(!t.length)do++e;while(t=t.next)}),e}function yr(e){var t=[],n,r=this._root,i,a,o,s,c;for(r&&t.push(new X(r,this._x0,this._y0,this._x1,this._y1));n=t.pop();)if(!e(r=n.node,a=n.x0,o=n.y0,s=n.x1,c=n.y1)&&r.length){var l=(a+s)/2,u=(o+c)/2;(i=r[3])&&t.push(new X(i,l,u,s,c)),(i=r[2])&&t.push(new X(i,a,u,l,c)),(i=r[1])&&t.push(new X(i,l,o,s,u)),(i=r[0])&&t.push(new X(i,a,o,l,u))}return this}function br(e){var t=[],n=[],r;for(this._root&&t.push(new X(this._root,this._x0,this._y0,this._x1,this._y1));r=t.pop();){var i=r.node;if(i.length){var a,o=r.x0,s=r.y0,c=r.x1,l=r.y1,u=(o+c)/2,d=(s+l)/2;(a=i[0])&&t.push(new X(a,o,s,u,d)),(a=i[1])&&t.push(new X(a,u,s,c,d)),(a=i[2])&&t.push(new X(a,o,d,u,l)),(a=i[3])&&t.push(new X(a,u,d,c,l))}n.push(r)}for(;r=n.pop();)e(r.node,r.x0,r.y0,r.x1,r.y1);return this}function xr(e){return e[0]}function Sr(e){return arguments.length?(this._x=e,this):this._x}function Cr(e){return e[1]}function wr(e){return arguments.length?(this._y=e,this):this._y}function Tr(e,t,n){var r=new Er(t??xr,n??Cr,NaN,NaN,NaN,NaN);return e==null?r:r.addAll(e)}function Er(e,t,n,r,i,a){this._x=e,this._y=t,this._x0=n,this._y0=r,this._x1=i,this._y1=a,this._root=void 0}function Dr(e){for(var t={data:e.data},n=t;e=e.next;)n=n.next={data:e.data};return t}var Z=Tr.prototype=Er.prototype;Z.copy=function(){var e=new Er(this._x,this._y,this._x0,this._y0,this._x1,this._y1),t=this._root,n,r;if(!t)return e;if(!t.length)return e._root=Dr(t),e;for(n=[{source:t,target:e._root=[,,,,]}];t=n.pop();)for(var i=0;i<4;++i)(r=t.source[i])&&(r.length?n.push({source:r,target:t.target[i]=[,,,,]}):t.target[i]=Dr(r));return e},Z.add=cr,Z.addAll=ur,Z.cover=dr,Z.data=fr,Z.extent=pr,Z.find=mr,Z.remove=hr,Z.removeAll=gr,Z.root=_r,Z.size=vr,Z.visit=yr,Z.visitAfter=br,Z.x=Sr,Z.y=wr;var Or={value:()=>{}};function kr(){for(var e=0,t=arguments.length,n={},r;e<t;++e){if(!(r=arguments[e]+``)||r in n||/[\s.]/.test(r))throw Error(`illegal type: `+r);n[r]=[]}return new Ar(n)}function Ar(e){this._=e}function jr(e,t){return e.trim().split(/^|\s+/).map(function(e){var n=``,r=e.indexOf(`.`);if(r>=0&&(n=e.slice(r+1),e=e.slice(0,r)),e&&!t.hasOwnProperty(e))throw Error(`unknown type: `+e);return{type:e,name:n}})}Ar.prototype=kr.prototype={constructor:Ar,on:function(e,t){var n=this._,r=jr(e+``,n),i,a=-1,o=r.length;if(arguments.length<2){for(;++a<o;)if((i=(e=r[a]).type)&&(i=Mr(n[i],e.name)))return i}else{if(t!=null&&typeof t!=`function`)throw Error(`invalid callback: `+t);for(;++a<o;)if(i=(e=r[a]).type)n[i]=Nr(n[i],e.name,t);else if(t==null)for(i in n)n[i]=Nr(n[i],e.name,null);return this}},copy:function(){var e={},t=this._;for(var n in t)e[n]=t[n].slice();return new Ar(e)},call:function(e,t){if((i=arguments.length-2)>0)for(var n=Array(i),r=0,i,a;r<i;++r)n[r]=arguments[r+2];if(!this._.hasOwnProperty(e))throw Error(`unknown type: `+e);for(a=this._[e],r=0,i=a.length;r<i;++r)a[r].value.apply(t,n)},apply:function(e,t,n){if(!this._.hasOwnProperty(e))throw Error(`unknown type: `+e);for(var r=this._[e],i=0,a=r.length;i<a;++i)r[i].value.apply(t,n)}};function Mr(e,t){for(var n=0,r=e.length,i;n<r;++n)if((i=e[n]).name===t)return i.value}function Nr(e,t,n){for(var r=0,i=e.length;r<i;++r)if(e[r].name===t){e[r]=Or,e=e.slice(0,r).concat(e.slice(r+1));break}return n!=null&&e.push({name:t,value:n}),e}var Pr=0,Fr=0,Ir=0,Lr=1e3,Rr,zr,Br=0,Vr=0,Hr=0,Ur=typeof performance==`object`&&performance.now?performance:Date,Wr=typeof window==`object`&&window.requestAnimationFrame?window.requestAnimationFrame.bind(window):function(e){setTimeout(e,17)};function Gr(){return Vr||=(Wr(Kr),Ur.now()+Hr)}function Kr(){Vr=0}function qr(){this._call=this._time=this._next=null}qr.prototype=Jr.prototype={constructor:qr,restart:function(e,t,n){if(typeof e!=`function`)throw TypeError(`callback is not a function`);n=(n==null?Gr():+n)+(t==null?0:+t),!this._next&&zr!==this&&(zr?zr._next=this:Rr=this,zr=this),this._call=e,this._time=n,$r()},stop:function(){this._call&&(this._call=null,this._time=1/0,$r())}};function Jr(e,t,n){var r=new qr;return r.restart(e,t,n),r}function Yr(){Gr(),++Pr;for(var e=Rr,t;e;)(t=Vr-e._time)>=0&&e._call.call(void 0,t),e=e._next;--Pr}function Xr(){Vr=(Br=Ur.now())+Hr,Pr=Fr=0;try{Yr()}finally{Pr=0,Qr(),Vr=0}}function Zr(){var e=Ur.now(),t=e-Br;t>Lr&&(Hr-=t,Br=e)}function Qr(){for(var e,t=Rr,n,r=1/0;t;)t._call?(r>t._time&&(r=t._time),e=t,t=t._next):(n=t._next,t._next=null,t=e?e._next=n:Rr=n);zr=e,$r(r)}function $r(e){Pr||(Fr&&=clearTimeout(Fr),e-Vr>24?(e<1/0&&(Fr=setTimeout(Xr,Math.ceil(e-Ur.now()-Hr)+1)),Ir&&=clearInterval(Ir)):(Ir||=(Br=Ur.now(),setInterval(Zr,Lr)),Pr=1,Wr(Xr)))}function ei(e,t){var n,r=1;e??=0,t??=0;function i(){var i,a=n.length,o,s=0,c=0;for(i=0;i<a;++i)o=n[i],s+=o.x,c+=o.y;for(s=(s/a-e)*r,c=(c/a-t)*r,i=0;i<a;++i)o=n[i],o.x-=s,o.y-=c}return i.initialize=function(e){n=e},i.x=function(t){return arguments.length?(e=+t,i):e},i.y=function(e){return arguments.length?(t=+e,i):t},i.strength=function(e){return arguments.length?(r=+e,i):r},i}function Q(e){return function(){return e}}function $(e){return(e()-.5)*1e-6}function ti(e){return e.x+e.vx}function ni(e){return e.y+e.vy}function ri(e){var t,n,r,i=1,a=1;typeof e!=`function`&&(e=Q(e==null?1:+e));function o(){for(var e,o=t.length,c,l,u,d,f,p,m=0;m<a;++m)for(c=Tr(t,ti,ni).visitAfter(s),e=0;e<o;++e)l=t[e],f=n[l.index],p=f*f,u=l.x+l.vx,d=l.y+l.vy,c.visit(h);function h(e,t,n,a,o){var s=e.data,c=e.r,m=f+c;if(s){if(s.index>l.index){var h=u-s.x-s.vx,g=d-s.y-s.vy,_=h*h+g*g;_<m*m&&(h===0&&(h=$(r),_+=h*h),g===0&&(g=$(r),_+=g*g),_=(m-(_=Math.sqrt(_)))/_*i,l.vx+=(h*=_)*(m=(c*=c)/(p+c)),l.vy+=(g*=_)*m,s.vx-=h*(m=1-m),s.vy-=g*m)}}else return t>u+m||a<u-m||n>d+m||o<d-m}}function s(e){if(e.data)return e.r=n[e.data.index];for(var t=e.r=0;t<4;++t)e[t]&&e[t].r>e.r&&(e.r=e[t].r)}function c(){if(t){var r,i=t.length,a;for(n=Array(i),r=0;r<i;++r)a=t[r],n[a.index]=+e(a,r,t)}}return o.initialize=function(e,n){t=e,r=n,c()},o.iterations=function(e){return arguments.length?(a=+e,o):a},o.strength=function(e){return arguments.length?(i=+e,o):i},o.radius=function(t){return arguments.length?(e=typeof t==`function`?t:Q(+t),c(),o):e},o}function ii(e){return e.index}function ai(e,t){var n=e.get(t);if(!n)throw Error(`node not found: `+t);return n}function oi(e){var t=ii,n=d,r,i=Q(30),a,o,s,c,l,u=1;e??=[];function d(e){return 1/Math.min(s[e.source.index],s[e.target.index])}function f(t){for(var n=0,i=e.length;n<u;++n)for(var o=0,s,d,f,p,m,h,g;o<i;++o)s=e[o],d=s.source,f=s.target,p=f.x+f.vx-d.x-d.vx||$(l),m=f.y+f.vy-d.y-d.vy||$(l),h=Math.sqrt(p*p+m*m),h=(h-a[o])/h*t*r[o],p*=h,m*=h,f.vx-=p*(g=c[o]),f.vy-=m*g,d.vx+=p*(g=1-g),d.vy+=m*g}function p(){if(o){var n,i=o.length,l=e.length,u=new Map(o.map((e,n)=>[t(e,n,o),e])),d;for(n=0,s=Array(i);n<l;++n)d=e[n],d.index=n,typeof d.source!=`object`&&(d.source=ai(u,d.source)),typeof d.target!=`object`&&(d.target=ai(u,d.target)),s[d.source.index]=(s[d.source.index]||0)+1,s[d.target.index]=(s[d.target.index]||0)+1;for(n=0,c=Array(l);n<l;++n)d=e[n],c[n]=s[d.source.index]/(s[d.source.index]+s[d.target.index]);r=Array(l),m(),a=Array(l),h()}}function m(){if(o)for(var t=0,i=e.length;t<i;++t)r[t]=+n(e[t],t,e)}function h(){if(o)for(var t=0,n=e.length;t<n;++t)a[t]=+i(e[t],t,e)}return f.initialize=function(e,t){o=e,l=t,p()},f.links=function(t){return arguments.length?(e=t,p(),f):e},f.id=function(e){return arguments.length?(t=e,f):t},f.iterations=function(e){return arguments.length?(u=+e,f):u},f.strength=function(e){return arguments.length?(n=typeof e==`function`?e:Q(+e),m(),f):n},f.distance=function(e){return arguments.length?(i=typeof e==`function`?e:Q(+e),h(),f):i},f}var si=1664525,ci=1013904223,li=4294967296;function ui(){let e=1;return()=>(e=(si*e+ci)%li)/li}function di(e){return e.x}function fi(e){return e.y}var pi=10,mi=Math.PI*(3-Math.sqrt(5));function hi(e){var t,n=1,r=.001,i=1-r**(1/300),a=0,o=.6,s=new Map,c=Jr(d),l=kr(`tick`,`end`),u=ui();e??=[];function d(){f(),l.call(`tick`,t),n<r&&(c.stop(),l.call(`end`,t))}function f(r){var c,l=e.length,u;r===void 0&&(r=1);for(var d=0;d<r;++d)for(n+=(a-n)*i,s.forEach(function(e){e(n)}),c=0;c<l;++c)u=e[c],u.fx==null?u.x+=u.vx*=o:(u.x=u.fx,u.vx=0),u.fy==null?u.y+=u.vy*=o:(u.y=u.fy,u.vy=0);return t}function p(){for(var t=0,n=e.length,r;t<n;++t){if(r=e[t],r.index=t,r.fx!=null&&(r.x=r.fx),r.fy!=null&&(r.y=r.fy),isNaN(r.x)||isNaN(r.y)){var i=pi*Math.sqrt(.5+t),a=t*mi;r.x=i*Math.cos(a),r.y=i*Math.sin(a)}(isNaN(r.vx)||isNaN(r.vy))&&(r.vx=r.vy=0)}}function m(t){return t.initialize&&t.initialize(e,u),t}return p(),t={tick:f,restart:function(){return c.restart(d),t},stop:function(){return c.stop(),t},nodes:function(n){return arguments.length?(e=n,p(),s.forEach(m),t):e},alpha:function(e){return arguments.length?(n=+e,t):n},alphaMin:function(e){return arguments.length?(r=+e,t):r},alphaDecay:function(e){return arguments.length?(i=+e,t):+i},alphaTarget:function(e){return arguments.length?(a=+e,t):a},velocityDecay:function(e){return arguments.length?(o=1-e,t):1-o},randomSource:function(e){return arguments.length?(u=e,s.forEach(m),t):u},force:function(e,n){return arguments.length>1?(n==null?s.delete(e):s.set(e,m(n)),t):s.get(e)},find:function(t,n,r){var i=0,a=e.length,o,s,c,l,u;for(r==null?r=1/0:r*=r,i=0;i<a;++i)l=e[i],o=t-l.x,s=n-l.y,c=o*o+s*s,c<r&&(u=l,r=c);return u},on:function(e,n){return arguments.length>1?(l.on(e,n),t):l.on(e)}}}function gi(){var e,t,n,r,i=Q(-30),a,o=1,s=1/0,c=.81;function l(n){var i,a=e.length,o=Tr(e,di,fi).visitAfter(d);for(r=n,i=0;i<a;++i)t=e[i],o.visit(f)}function u(){if(e){var t,n=e.length,r;for(a=Array(n),t=0;t<n;++t)r=e[t],a[r.index]=+i(r,t,e)}}function d(e){var t=0,n,r,i=0,o,s,c;if(e.length){for(o=s=c=0;c<4;++c)(n=e[c])&&(r=Math.abs(n.value))&&(t+=n.value,i+=r,o+=r*n.x,s+=r*n.y);e.x=o/i,e.y=s/i}else{n=e,n.x=n.data.x,n.y=n.data.y;do t+=a[n.data.index];while(n=n.next)}e.value=t}function f(e,i,l,u){if(!e.value)return!0;var d=e.x-t.x,f=e.y-t.y,p=u-i,m=d*d+f*f;if(p*p/c<m)return m<s&&(d===0&&(d=$(n),m+=d*d),f===0&&(f=$(n),m+=f*f),m<o&&(m=Math.sqrt(o*m)),t.vx+=d*e.value*r/m,t.vy+=f*e.value*r/m),!0;if(!(e.length||m>=s)){(e.data!==t||e.next)&&(d===0&&(d=$(n),m+=d*d),f===0&&(f=$(n),m+=f*f),m<o&&(m=Math.sqrt(o*m)));do e.data!==t&&(p=a[e.data.index]*r/m,t.vx+=d*p,t.vy+=f*p);while(e=e.next)}}return l.initialize=function(t,r){e=t,n=r,u()},l.strength=function(e){return arguments.length?(i=typeof e==`function`?e:Q(+e),u(),l):i},l.distanceMin=function(e){return arguments.length?(o=e*e,l):Math.sqrt(o)},l.distanceMax=function(e){return arguments.length?(s=e*e,l):Math.sqrt(s)},l.theta=function(e){return arguments.length?(c=e*e,l):Math.sqrt(c)},l}function _i({nodes:e,links:t,onOpen:n,focusId:r,label:i}){let a=Ie(()=>{let n=e.map(e=>({...e})),r=new Set(n.map(e=>e.id)),i=t.filter(e=>r.has(e.source)&&r.has(e.target)).map(e=>({...e,source:e.source,target:e.target})),a=hi(n).force(`charge`,gi().strength(-220)).force(`link`,oi(i).id(e=>e.id).distance(90)).force(`collide`,ri(34)).force(`center`,ei(0,0)).stop();for(let e=0;e<300;e++)a.tick();let o=n.map(e=>e.x??0),s=n.map(e=>e.y??0),c=Math.max(640,Math.max(0,...o)-Math.min(0,...o)+140),l=Math.max(400,Math.max(0,...s)-Math.min(0,...s)+140),u=(Math.max(0,...o)+Math.min(0,...o))/2,d=(Math.max(0,...s)+Math.min(0,...s))/2,f={x:u-c/2,y:d-l/2,w:c,h:l};return{placed:n,edges:i,at:new Map(n.map(e=>[e.id,e])),box:f}},[e,t]),o=a.edges.length<=40;return W(`svg`,{class:`force-graph`,viewBox:`${a.box.x} ${a.box.y} ${a.box.w} ${a.box.h}`,role:`group`,"aria-label":i,children:[W(`defs`,{children:W(`marker`,{id:`arrow`,viewBox:`0 0 10 10`,refX:`24`,refY:`5`,markerUnits:`userSpaceOnUse`,markerWidth:`10`,markerHeight:`10`,orient:`auto`,children:W(`path`,{d:`M 0 0 L 10 5 L 0 10 z`,class:`arrow-head`})})}),W(`g`,{class:`edges`,children:a.edges.map((e,t)=>{let n=a.at.get(typeof e.source==`string`?e.source:e.source.id),r=a.at.get(typeof e.target==`string`?e.target:e.target.id);return!n||!r?null:W(`g`,{children:[W(`line`,{x1:n.x,y1:n.y,x2:r.x,y2:r.y,"stroke-width":1+3*e.strength,"marker-end":`url(#arrow)`,children:W(`title`,{children:`${n.label} —${e.relation}→ ${r.label} (strength ${e.strength.toFixed(2)})`})}),o&&W(`text`,{x:((n.x??0)+(r.x??0))/2,y:((n.y??0)+(r.y??0))/2,class:`edge-label`,lang:On(e.relation),children:e.relation})]},t)})}),W(`g`,{class:`nodes`,children:a.placed.map(e=>W(`g`,{class:`node node-${e.kind.toLowerCase()}${e.id===r?` node-focus`:``}`,transform:`translate(${e.x??0},${e.y??0})`,tabindex:0,role:`link`,"aria-label":`${e.label} (${e.kind.toLowerCase()})`,onClick:()=>n(e),onKeyDown:t=>{(t.key===`Enter`||t.key===` `)&&(t.preventDefault(),n(e))},children:[W(`circle`,{r:e.id===r?16:12}),W(`text`,{y:28,lang:On(e.label),children:e.label})]},e.id))})]})}function vi(){return W(`ul`,{class:`legend`,"aria-label":`Entity kinds`,children:[`PERSON`,`PLACE`,`ORGANIZATION`,`WORK`,`ANIMAL`,`THING`].map(e=>W(`li`,{children:[W(`span`,{class:`swatch node-${e.toLowerCase()}`,"aria-hidden":`true`}),` `,e.toLowerCase()]},e))})}var yi=3;function bi({userId:e}){let[,t]=xt(),[n,r]=A(null),[i,a]=A(!1),[o,s]=A(null),[c,l]=A(!0);j(()=>{let t=!1;return(async()=>{let n=[],i=null;for(let t=0;t<yi;t++){let t=await L(tn,{userId:e,after:i});if(n.push(...t.entities.nodes),i=t.entities.hasNextPage?t.entities.endCursor:null,!i)break}t||(r(n),a(i!==null))})().catch(e=>!t&&s(Vt(e))),()=>{t=!0}},[e]);let u=Ie(()=>{let e=[],t=[],r=new Set;for(let e of n??[])for(let n of e.relations)n.direction===`OUTGOING`&&(t.push({source:e.id,target:n.other.id,relation:n.relation,strength:n.strength}),r.add(e.id).add(n.other.id));for(let t of n??[])(!c||r.has(t.id))&&e.push({id:t.id,label:t.subject,kind:t.kind});return{nodes:e,links:t}},[n,c]);return o?W(J,{error:o}):n?W(`section`,{"aria-labelledby":`graph-title`,children:[W(`div`,{class:`section-head`,children:[W(`h2`,{id:`graph-title`,children:`Entity graph`}),W(`label`,{class:`inline`,children:[W(`input`,{type:`checkbox`,checked:c,onChange:e=>l(e.currentTarget.checked)}),W(`span`,{children:`Only entities with relations`})]})]}),W(`p`,{class:`muted`,children:[u.nodes.length,` entities, `,u.links.length,` relations`,i?` (the first 300 entities by name)`:``,`. Select an entity (Tab, then Enter) to open it.`]}),u.nodes.length===0?W(Y,{title:n.length===0?`No entity yet`:`No relation between entities yet`,children:W(`p`,{children:[`Relations come from conversations that say how two people, places or things are linked (“my friend Oliver”).`,n.length>0&&` Untick the box above to see the entities without relations.`]})}):W(C,{children:[W(_i,{nodes:u.nodes,links:u.links,label:`The user's entities and their relations`,onOpen:e=>t(`/entities/${U(e.label)}`)}),W(vi,{})]})]}):W(q,{what:`the entity graph`})}function xi({userId:e,item:t}){let[n,r]=A(t),[i,a]=A(!1),[o,s]=A(null);async function c(t){a(!0),s(null);try{let i={userId:e,id:n.id};r(t?(await L(fn,i)).promoteCandidate:(await L(pn,i)).rejectCandidate)}catch(e){s(Vt(e))}finally{a(!1)}}return W(`li`,{class:`card candidate`,children:[W(`div`,{class:`card-head`,children:[W(K,{value:n.memoryType}),W(K,{value:n.status}),n.sourceTypes.map(e=>W(K,{value:e,tone:`source`},e))]}),W(G,{as:`p`,children:n.content}),W(`div`,{class:`card-meta`,children:[W(jn,{value:n.confidence,name:`confidence`}),W(jn,{value:n.importance,name:`importance`})]}),W(`p`,{class:`muted`,children:[`seen on `,n.days.length,` day`,n.days.length===1?``:`s`,` in `,n.sources.length,` source`,n.sources.length===1?``:`s`,` · since `,B(n.createdAt),n.expiresAt&&n.status===`OPEN`?` · expires ${B(n.expiresAt)}`:``]}),n.status===`OPEN`?W(`div`,{class:`actions`,children:[W(`button`,{type:`button`,disabled:i,onClick:()=>c(!0),children:`Promote to a memory`}),W(`button`,{type:`button`,class:`secondary`,disabled:i,onClick:()=>c(!1),children:`Reject`})]}):W(`p`,{class:`resolved`,role:`status`,children:[n.status===`PROMOTED`?`Promoted to a memory`:n.status===`REJECTED`?`Rejected`:`Expired`,n.decidedAt?` ${B(n.decidedAt)}`:``,n.promotionReason?` (${n.promotionReason})`:``]}),o&&W(J,{error:o})]})}function Si({userId:e}){let[t,n]=A(!1),{data:r,error:i,loading:a,reload:o}=R(dn,{userId:e,status:t?null:`OPEN`},`${e}|${t}`),s=r?.candidates??[],{page:c,index:l,pages:u,go:d}=Ht(s,10,`${e}|${t}`);return W(`section`,{"aria-labelledby":`candidates-title`,children:[W(`div`,{class:`section-head`,children:[W(`h2`,{id:`candidates-title`,children:`Memory candidates`}),W(`label`,{class:`inline`,children:[W(`input`,{type:`checkbox`,checked:t,onChange:e=>n(e.currentTarget.checked)}),W(`span`,{children:`Show decided too`})]})]}),W(`p`,{class:`muted`,children:`What todos, tasks, notes, posts, calendar entries and documents say becomes a memory only once it is seen on several days or in several sources, is important, or a person confirms it here.`}),a&&!r&&W(q,{what:`candidates`}),i&&W(J,{error:i,retry:o}),r&&s.length===0&&W(Y,{title:`No candidate waits`,children:W(`p`,{children:[`Candidates come from `,W(`code`,{children:`ingestEvents`}),` and `,W(`code`,{children:`ingestDocument`}),`; the daily learning run promotes or expires them by itself.`]})}),s.length>0&&W(`ul`,{class:`cards`,children:c.map(t=>W(xi,{userId:e,item:t},t.id))}),W(Mn,{index:l,pages:u,go:d,noun:`Candidates`})]})}function Ci({userId:e,item:t,openSources:n}){let[r,i]=A(!1),[a,o]=A(null),[s,c]=A(null);async function l(n){i(!0),o(null);try{let r=await L(rn,{userId:e,id:t.id,entityId:n,createNew:n===null});c(r.resolvePendingObservation.entity.subject)}catch(e){o(Vt(e))}finally{i(!1)}}let u=t.status===`OPEN`&&s===null;return W(`li`,{class:`card pending`,"aria-busy":r,children:[W(`div`,{class:`card-head`,children:[W(`strong`,{class:`card-title`,children:W(G,{children:t.subject})}),W(K,{value:t.kind}),W(K,{value:t.reason,tone:`reason`}),W(K,{value:s?`RESOLVED`:t.status})]}),t.detail&&W(`p`,{class:`muted`,children:t.detail}),t.aliases.length>0&&W(`p`,{children:[`Also called: `,W(G,{children:t.aliases.join(`, `)})]}),t.impressions.length>0&&W(`ul`,{class:`plain`,children:t.impressions.map((e,t)=>W(`li`,{children:W(G,{children:e})},t))}),(t.features.length>0||t.relations.length>0)&&W(`p`,{class:`muted`,children:W(G,{children:[...t.features,...t.relations].join(` · `)})}),W(`div`,{class:`card-meta`,children:[W(jn,{value:t.confidence,name:`confidence`}),W(`button`,{type:`button`,disabled:t.eventIds.length===0,onClick:()=>n({title:`Where “${t.subject}” was observed`,eventIds:t.eventIds}),children:[`Source messages (`,t.eventIds.length,`)`]})]}),u?W(`div`,{class:`actions`,role:`group`,"aria-label":`Decide about ${t.subject}`,children:[t.candidates.map(e=>W(`button`,{type:`button`,disabled:r,onClick:()=>l(e.id),children:[`Same as `,W(G,{children:e.subject}),e.aliases.length>1&&W(`span`,{class:`muted`,children:[` (`,e.aliases.map(e=>e.name).filter(t=>t!==e.subject).join(`, `),`)`]})]},e.id)),W(`button`,{type:`button`,class:`secondary`,disabled:r,onClick:()=>l(null),children:[`New entity “`,W(G,{children:t.subject}),`”`]})]}):W(`p`,{class:`resolved`,role:`status`,children:[`Resolved`,t.resolvedAt?` ${B(t.resolvedAt)}`:``,s&&W(C,{children:[` `,`as `,W(F,{href:`/entities/${U(s)}`,children:W(G,{children:s})})]})]}),a&&W(J,{error:a})]})}function wi({userId:e}){let[t,n]=A(!1),[r,i]=A(null),{data:a,error:o,loading:s,reload:c}=R(nn,{userId:e,status:t?null:`OPEN`},`${e}|${t}`),l=a?.pendingObservations??[],{page:u,index:d,pages:f,go:p}=Ht(l,10,`${e}|${t}`);return W(`section`,{"aria-labelledby":`review-title`,children:[W(`div`,{class:`section-head`,children:[W(`h2`,{id:`review-title`,children:`Review queue`}),W(`label`,{class:`inline`,children:[W(`input`,{type:`checkbox`,checked:t,onChange:e=>n(e.currentTarget.checked)}),W(`span`,{children:`Show resolved too`})]})]}),W(`p`,{class:`muted`,children:`graphsvc never guesses an identity: a name that matches several entities, or a new one with weak evidence, waits here for a person.`}),s&&!a&&W(q,{what:`the review queue`}),o&&W(J,{error:o,retry:c}),a&&l.length===0&&W(Y,{title:`Nothing waits for a decision`,children:W(`p`,{children:[`Every observation of this user was settled. New ones appear here after a conversation ends; see the`,` `,W(F,{href:`/entities`,children:`entities`}),` for what is known.`]})}),l.length>0&&W(`ul`,{class:`cards`,children:u.map(t=>W(Ci,{userId:e,item:t,openSources:i},t.id))}),W(Mn,{index:d,pages:f,go:p,noun:`Observations`}),r&&W(Bn,{userId:e,request:r,onClose:()=>i(null)}),W(Si,{userId:e})]})}function Ti({jobs:e}){return W(`div`,{class:`table-wrap`,children:W(`table`,{children:[W(`caption`,{class:`sr-only`,children:`Background jobs, newest first`}),W(`thead`,{children:W(`tr`,{children:[W(`th`,{scope:`col`,children:`kind`}),W(`th`,{scope:`col`,children:`status`}),W(`th`,{scope:`col`,children:`conversation`}),W(`th`,{scope:`col`,children:`attempts`}),W(`th`,{scope:`col`,children:`LLM calls`}),W(`th`,{scope:`col`,children:`tokens in / out`}),W(`th`,{scope:`col`,children:`memories new / reinforced`}),W(`th`,{scope:`col`,children:`created`}),W(`th`,{scope:`col`,children:`error`})]})}),W(`tbody`,{children:e.map(e=>W(`tr`,{children:[W(`td`,{class:`nowrap`,children:H(e.kind)}),W(`td`,{children:W(K,{value:e.status})}),W(`td`,{children:W(`code`,{children:e.sessionId??`–`})}),W(`td`,{class:`num`,children:e.attempts}),W(`td`,{class:`num`,children:V(e.llmCalls)}),W(`td`,{class:`num`,children:[V(e.tokensIn),` / `,V(e.tokensOut)]}),W(`td`,{class:`num`,children:[e.memoriesCreated,` / `,e.memoriesReinforced]}),W(`td`,{class:`nowrap`,children:B(e.createdAt)}),W(`td`,{class:`error-cell`,children:e.error?W(G,{children:e.error}):W(`span`,{class:`muted`,children:`–`})})]},e.id))})]})})}function Ei({cycles:e}){return W(`div`,{class:`table-wrap`,children:W(`table`,{children:[W(`caption`,{class:`sr-only`,children:`Reflection cycles, newest first`}),W(`thead`,{children:W(`tr`,{children:[W(`th`,{scope:`col`,children:`started`}),W(`th`,{scope:`col`,children:`status`}),W(`th`,{scope:`col`,children:`trigger`}),W(`th`,{scope:`col`,children:`mode`}),W(`th`,{scope:`col`,children:`memories read`}),W(`th`,{scope:`col`,children:`traits new / reinforced / dissolved`}),W(`th`,{scope:`col`,children:`LLM calls`}),W(`th`,{scope:`col`,children:`tokens in / out`}),W(`th`,{scope:`col`,children:`took`}),W(`th`,{scope:`col`,children:`error or notes`})]})}),W(`tbody`,{children:e.map((e,t)=>W(`tr`,{children:[W(`td`,{class:`nowrap`,children:B(e.startedAt)}),W(`td`,{children:W(K,{value:e.status})}),W(`td`,{children:e.trigger?H(e.trigger):`–`}),W(`td`,{children:e.mode}),W(`td`,{class:`num`,children:e.memoriesScanned}),W(`td`,{class:`num`,children:[e.traitsCreated,` / `,e.traitsReinforced,` / `,e.traitsDissolved]}),W(`td`,{class:`num`,children:e.llmCalls}),W(`td`,{class:`num`,children:[V(e.tokensIn),` / `,V(e.tokensOut)]}),W(`td`,{class:`num`,children:[Math.round(e.durationMs),` ms`]}),W(`td`,{class:`error-cell`,children:W(G,{children:e.error??e.notes.join(`; `)})})]},e.id??t))})]})})}function Di({userId:e}){let[t,n]=A(``),r=R(an,{userId:e,status:t||null},`${e}|${t}`),i=R(on,{userId:e},e),a=Ht(r.data?.jobs??[],20,`${e}|${t}`),o=Ht(i.data?.reflectionCycles??[],10,e);return W(C,{children:[W(`section`,{"aria-labelledby":`jobs-title`,children:[W(`div`,{class:`section-head`,children:[W(`h2`,{id:`jobs-title`,children:`Jobs`}),W(`label`,{class:`inline`,children:[W(`span`,{children:`Status`}),W(`select`,{value:t,onChange:e=>n(e.currentTarget.value),children:[W(`option`,{value:``,children:`any status`}),Sn.map(e=>W(`option`,{value:e,children:H(e)},e))]})]}),W(`button`,{type:`button`,onClick:r.reload,children:`Refresh`})]}),r.loading&&!r.data&&W(q,{what:`jobs`}),r.error&&W(J,{error:r.error,retry:r.reload}),r.data&&r.data.jobs.length===0&&W(Y,{title:t?`No ${H(t)} job`:`No job yet`,children:W(`p`,{children:[`A job is queued when a conversation ends (`,W(`code`,{children:`endConversation`}),`, or 30 idle minutes by default); each extraction queues a reflection.`]})}),a.page.length>0&&W(Ti,{jobs:a.page}),W(Mn,{index:a.index,pages:a.pages,go:a.go,noun:`Jobs`})]}),W(`section`,{"aria-labelledby":`cycles-title`,children:[W(`h2`,{id:`cycles-title`,children:`Reflection cycles`}),i.loading&&!i.data&&W(q,{what:`reflection cycles`}),i.error&&W(J,{error:i.error,retry:i.reload}),i.data&&i.data.reflectionCycles.length===0&&W(Y,{title:`No reflection cycle yet`,children:W(`p`,{children:`A cycle runs after an extraction when one of seed 002's triggers holds.`})}),o.page.length>0&&W(Ei,{cycles:o.page}),W(Mn,{index:o.index,pages:o.pages,go:o.go,noun:`Reflection cycles`})]})]})}function Oi({userId:e}){let[t,n]=A(``),[r,i]=A(10),[a,o]=A(null),[s,c]=A(null),l=R(sn,{userId:e,query:a?.query??``,limit:a?.limit??10},`${e}|${JSON.stringify(a)}`,a===null),u=R(cn,{userId:e,query:a?.query??``,maxTokens:800},`${e}|${JSON.stringify(a)}`,a===null||!a.context);return W(`section`,{"aria-labelledby":`recall-title`,children:[W(`h2`,{id:`recall-title`,children:`Recall playground`}),W(`form`,{class:`recall-form`,onSubmit:e=>{e.preventDefault();let n=e.currentTarget.elements.namedItem(`context`).checked;t.trim()&&o({query:t.trim(),limit:r,context:n})},children:[W(`label`,{for:`recall-query`,children:`Query`}),W(`input`,{id:`recall-query`,value:t,onInput:e=>n(e.currentTarget.value),placeholder:`e.g. Where does the user live?`}),W(`label`,{class:`inline`,children:[W(`span`,{children:`Hits`}),W(`select`,{value:String(r),onChange:e=>i(Number(e.currentTarget.value)),children:[5,10,20,50].map(e=>W(`option`,{value:e,children:e},e))})]}),W(`label`,{class:`inline`,children:[W(`input`,{type:`checkbox`,name:`context`}),W(`span`,{children:`Also build the prompt context (memoryContext, 800 tokens)`})]}),W(`button`,{type:`submit`,children:`Recall`})]}),a===null&&W(Y,{title:`Ask something`,children:W(`p`,{children:`Type what an assistant would look up for this user. Recall ranks memories, messages, impressions and traits together.`})}),l.loading&&W(q,{what:`recall`}),l.error&&W(J,{error:l.error,retry:l.reload}),a&&l.data&&l.data.recall.length===0&&W(Y,{title:`Nothing recalled`,children:W(`p`,{children:`Nothing of this user matches. Try other words, or check the memories view for what is stored.`})}),l.data&&l.data.recall.length>0&&W(`ol`,{class:`cards hits`,children:l.data.recall.map(e=>W(`li`,{class:`card hit`,children:[W(`div`,{class:`card-head`,children:[W(K,{value:e.kind}),e.memoryType&&W(K,{value:e.memoryType,tone:`type`}),e.entity&&W(`span`,{class:`muted`,children:[`about `,W(G,{children:e.entity})]}),W(`span`,{class:`score`,title:`fused rank score`,children:[`score `,e.score.toFixed(4)]})]}),W(G,{as:`p`,children:e.content}),W(`div`,{class:`card-foot`,children:[W(`span`,{class:`muted`,children:e.occurredAt?B(e.occurredAt):``}),W(`button`,{type:`button`,disabled:e.sourceMessageIds.length===0,onClick:()=>c({title:`Sources of this ${H(e.kind)}`,messageIds:e.sourceMessageIds}),children:[`Source messages (`,e.sourceMessageIds.length,`)`]})]})]},`${e.kind}-${e.id}`))}),u.error&&W(J,{error:u.error}),u.data&&a?.context&&W(`section`,{"aria-labelledby":`context-title`,class:`panel`,children:[W(`h3`,{id:`context-title`,children:[`Prompt context (`,u.data.memoryContext.tokens,` tokens)`]}),W(`pre`,{class:`context`,children:W(G,{children:u.data.memoryContext.text})})]}),s&&W(Bn,{userId:e,request:s,onClose:()=>c(null)})]})}function ki({trace:e}){return W(`li`,{class:`trace`,children:[W(`div`,{class:`message-meta`,children:[`decided by `,e.extractor===`LLM`?`the LLM${e.llmModel?` (${e.llmModel})`:``}`:`the rulebook`,` · recorded `,B(e.recordedAt),` · message `,W(`code`,{children:e.messageId}),e.fallbackReason&&W(C,{children:[` · the LLM failed: `,e.fallbackReason]})]}),!e.fromPerson&&W(`p`,{children:[`An `,e.role.toLowerCase(),` turn: only what a person says is remembered.`]}),e.refusedBy&&W(`p`,{children:[`The whole message was refused by rule `,W(`code`,{children:e.refusedBy}),`.`]}),e.fromPerson&&!e.refusedBy&&e.decisions.length===0&&W(`p`,{children:`Nothing was taken from this message.`}),e.decisions.length>0&&W(`ol`,{class:`trace-decisions`,children:e.decisions.map((e,t)=>W(`li`,{class:`trace-decision trace-${e.outcome.toLowerCase()}`,children:[W(`div`,{class:`card-head`,children:[W(K,{value:e.outcome}),e.ruleId&&W(`code`,{children:e.ruleId})]}),W(G,{as:`p`,children:e.piece}),W(`p`,{class:`trace-why`,children:e.explanation}),e.memoryId&&W(`span`,{class:`muted`,children:[`memory `,W(`code`,{children:e.memoryId})]}),e.supersededIds.length>0&&W(`span`,{class:`muted`,children:[` `,`· superseded`,` `,e.supersededIds.map(e=>W(`code`,{children:e},e))]})]},t))})]})}function Ai({userId:e,request:t,onClose:n}){let r=M(null),{data:i,error:a,loading:o,reload:s}=R(_n,{userId:e,sessionId:t.sessionId,messageId:t.messageId},`${e}|${t.sessionId}|${t.messageId}`);return j(()=>{let e=r.current;return e&&!e.open&&e.showModal(),()=>e?.close()},[]),W(`dialog`,{ref:r,class:`messages-dialog`,"aria-labelledby":`trace-title`,onClose:n,children:[W(`header`,{children:[W(`h2`,{id:`trace-title`,children:`Why was this remembered or not?`}),W(`button`,{type:`button`,class:`close`,onClick:()=>r.current?.close(),"aria-label":`Close`,children:`✕`})]}),o&&W(q,{what:`the extraction trace`}),a&&W(J,{error:a,retry:s}),i&&i.extractionTrace.length===0&&W(Y,{title:`No extraction trace`,children:[`The conversation has not been extracted yet (it ends after a while without messages, or with`,` `,W(`code`,{children:`endConversation`}),`), or its trace is older than `,W(`code`,{children:`EXTRACTION_TRACE_RETENTION_DAYS`}),`.`]}),i&&i.extractionTrace.length>0&&W(`ol`,{class:`messages`,children:i.extractionTrace.map(e=>W(ki,{trace:e},e.id))})]})}function ji(e){return e?`${e}T00:00:00+00:00`:null}function Mi(e){let t=new Map;for(let n of e){let e=n.at.slice(0,10);t.set(e,[...t.get(e)??[],n])}return[...t.entries()]}function Ni({entry:e,explain:t}){let n=e.kind===`EVENT`&&e.sourceType===`CONVERSATION`&&e.sessionId&&e.sourceId;return W(`li`,{class:`timeline-entry timeline-${e.kind.toLowerCase()}`,children:[W(`div`,{class:`card-head`,children:[W(K,{value:e.kind}),e.sourceType&&W(K,{value:e.sourceType,tone:`source`}),e.memoryType&&W(K,{value:e.memoryType}),e.status&&W(K,{value:e.status}),W(`span`,{class:`muted`,children:B(e.at)})]}),e.title&&W(`strong`,{children:W(G,{children:e.title})}),W(G,{as:`p`,children:e.content}),e.sessionId&&W(`span`,{class:`muted`,children:[`conversation `,W(`code`,{children:e.sessionId})]}),n&&W(`button`,{type:`button`,class:`secondary why`,onClick:()=>t({sessionId:e.sessionId??``,messageId:e.sourceId??``}),children:`Why was this (not) remembered?`}),e.sourceType===`DOCUMENT`&&e.sourceId&&W(`span`,{class:`muted`,children:[`document `,W(`code`,{children:e.sourceId}),` · `,W(F,{href:`/documents`,children:`documents`})]})]})}function Pi(e,t){let n=new URLSearchParams(e).get(t)??``;return/^\d{4}-\d{2}-\d{2}$/.test(n)?n:``}function Fi({userId:e}){let t=St(),[n,r]=A([...wn]),[i,a]=A(``),[o,s]=A(()=>Pi(t,`from`)),[c,l]=A(()=>Pi(t,`to`)),[u,d]=A([null]),[f,p]=A(null),m=u[u.length-1],h=()=>d([null]),{data:g,error:_,loading:v,reload:y}=R(un,{userId:e,kinds:n,sourceTypes:i?[i]:null,from:ji(o),to:ji(c),after:m},`${e}|${n.join()}|${i}|${o}|${c}|${m}`,n.length===0),b=g?.timeline.nodes??[];return W(`section`,{"aria-labelledby":`timeline-title`,children:[W(`div`,{class:`section-head`,children:W(`h2`,{id:`timeline-title`,children:`Timeline`})}),W(`form`,{class:`filters`,onSubmit:e=>e.preventDefault(),children:[W(`fieldset`,{children:[W(`legend`,{children:`Show`}),wn.map(e=>W(`label`,{class:`inline`,children:[W(`input`,{type:`checkbox`,checked:n.includes(e),onChange:t=>{r(t.currentTarget.checked?[...n,e]:n.filter(t=>t!==e)),h()}}),W(`span`,{children:{EVENT:`events`,MEMORY:`memories`,CANDIDATE:`candidates`}[e]})]},e))]}),W(`label`,{class:`inline`,children:[W(`span`,{children:`Events from`}),W(`select`,{value:i,onChange:e=>{a(e.currentTarget.value),h()},children:[W(`option`,{value:``,children:`every source`}),Cn.map(e=>W(`option`,{value:e,children:H(e)},e))]})]}),W(`label`,{class:`inline`,children:[W(`span`,{children:`From`}),W(`input`,{type:`date`,value:o,onInput:e=>{s(e.currentTarget.value),h()}})]}),W(`label`,{class:`inline`,children:[W(`span`,{children:`Before`}),W(`input`,{type:`date`,value:c,onInput:e=>{l(e.currentTarget.value),h()}})]})]}),n.length===0&&W(Y,{title:`Nothing selected`,children:W(`p`,{children:`Tick events, memories or candidates above.`})}),v&&!g&&W(q,{what:`the timeline`}),_&&W(J,{error:_,retry:y}),g&&n.length>0&&b.length===0&&W(Y,{title:`Nothing in this part of the timeline`,children:W(`p`,{children:[`Widen the dates or the sources above. Events come from `,W(`code`,{children:`ingestMessages`}),`,`,` `,W(`code`,{children:`ingestEvents`}),` (todos, tasks, notes, posts, calendar entries) and `,W(`code`,{children:`ingestDocument`}),`.`]})}),b.length>0&&W(`ol`,{class:`timeline`,"aria-busy":v,children:Mi(b).map(([e,t])=>W(`li`,{class:`timeline-day`,children:[W(`h3`,{children:e}),W(`ul`,{class:`cards`,children:t.map(e=>W(Ni,{entry:e,explain:p},`${e.kind}|${e.id}`))})]},e))}),f&&W(Ai,{userId:e,request:f,onClose:()=>p(null)}),g&&W(Nn,{cursors:u,next:g.timeline.hasNextPage?g.timeline.endCursor:null,setCursors:d,noun:`Timeline`})]})}var Ii=[7,30];function Li(e){return new Date(Date.now()-e*24*60*60*1e3).toISOString()}var Ri=new Set([`superseded`,`corrected`,`modified`]),zi=new Intl.DateTimeFormat(void 0,{dateStyle:`full`,timeZone:`UTC`}),Bi=new Intl.DateTimeFormat(void 0,{timeStyle:`short`,timeZone:`UTC`});function Vi(e){let t=new Map;for(let n of e){let e=n.at.slice(0,10),r=t.get(e)??new Map;t.set(e,r);let i=r.get(n.kind)??{kind:n.kind,headline:[],other:[],created:[]};r.set(n.kind,i),(n.change===`created`?i.created:Ri.has(n.change)?i.headline:i.other).push(n)}return[...t.entries()].map(([e,t])=>[e,[`MEMORY`,`TRAIT`].flatMap(e=>t.get(e)??[])])}function Hi(e,t){return`${t} ${e===`TRAIT`?`trait`:`memor`}${e===`TRAIT`?t===1?``:`s`:t===1?`y`:`ies`}`}function Ui({change:e}){let{oldValue:t,newValue:n}=e;return t===null&&n===null?e.change===`forgotten`?W(`p`,{class:`muted`,children:`Forgotten: no content is kept.`}):e.scrubbed?W(`p`,{class:`muted`,children:`Its values quoted deleted content and were blanked.`}):null:W(`p`,{class:`change-values`,children:[t!==null&&W(`del`,{class:`old-value`,children:W(G,{children:t})}),t!==null&&n!==null&&W(`span`,{class:`arrow`,"aria-label":`became`,children:` → `}),n!==null&&W(`ins`,{class:`new-value`,children:W(G,{children:n})})]})}function Wi(e){if(e.kind!==`MEMORY`||!Ri.has(e.change))return null;let t=e.evidenceIds.filter(t=>t!==e.targetId);return t.length===1?{old:e.targetId,now:t[0]}:null}function Gi({change:e,explain:t}){let n=e.evidenceIds.length;if(n===0)return W(`p`,{class:`change-evidence muted`,children:`no evidence recorded`});let r=Wi(e);return W(`div`,{class:`change-evidence`,children:[W(`details`,{children:[W(`summary`,{children:[`evidence: `,n,` `,n===1?`message or memory`:`messages and memories`]}),W(`p`,{class:`muted`,children:e.evidenceIds.map(e=>W(`code`,{class:`secondary-id`,children:e},e))})]}),r&&e.oldValue!==null&&W(`button`,{type:`button`,class:`secondary why`,onClick:()=>t({memoryId:r.old,content:e.oldValue??``}),children:`Why the old value?`}),r&&e.newValue!==null&&W(`button`,{type:`button`,class:`secondary why`,onClick:()=>t({memoryId:r.now,content:e.newValue??``}),children:`Why the new value?`})]})}function Ki({change:e,explain:t}){let n=Ri.has(e.change);return W(`li`,{class:`card change change-${e.change}${n?` change-headline`:``}`,"data-target":e.targetId,children:[W(`div`,{class:`card-head`,children:[W(`strong`,{class:`change-what`,title:`${e.kind===`TRAIT`?`trait`:`memory`} ${e.targetId}`,children:H(e.change)}),e.stage&&W(K,{value:e.stage}),W(`span`,{class:`change-actor`,title:`recorded as ${e.recordedActor}`,children:[`by `,H(e.actor)]}),W(`span`,{class:`muted`,children:[Bi.format(new Date(e.at)),` UTC`]})]}),W(Ui,{change:e}),e.reason&&W(`p`,{children:[W(`span`,{class:`muted`,children:`reason `}),W(G,{children:e.reason})]}),(n||e.evidenceIds.length>0)&&W(Gi,{change:e,explain:t}),e.kind===`TRAIT`&&e.change!==`dissolved`&&W(F,{href:`/traits/${U(e.targetId)}`,class:`trait-link`,children:`see the trait`})]})}function qi({group:e}){let t=[...new Set(e.created.map(e=>H(e.actor)))].join(`, `);return W(`details`,{class:`created-summary`,children:[W(`summary`,{children:[Hi(e.kind,e.created.length),` created `,W(`span`,{class:`muted`,children:[`by `,t]})]}),W(`ul`,{class:`created-list`,children:e.created.map(e=>W(`li`,{"data-target":e.targetId,children:[W(`span`,{class:`muted`,children:Bi.format(new Date(e.at))}),` `,e.newValue===null?W(`span`,{class:`muted`,children:`(no content kept)`}):e.kind===`TRAIT`?W(F,{href:`/traits/${U(e.targetId)}`,children:W(G,{children:e.newValue})}):W(G,{children:e.newValue}),e.stage&&W(C,{children:[` `,W(K,{value:e.stage})]})]},e.id))})]})}function Ji({day:e,groups:t,explain:n}){return W(`li`,{class:`change-day`,children:[W(`h3`,{children:zi.format(new Date(`${e}T00:00:00Z`))}),t.map(t=>W(`section`,{class:`change-kind change-kind-${t.kind.toLowerCase()}`,"aria-label":`${e} ${t.kind===`TRAIT`?`traits`:`memories`}`,children:[W(`h4`,{children:t.kind===`TRAIT`?`Traits`:`Memories`}),t.headline.length+t.other.length>0&&W(`ol`,{class:`cards changes`,children:[...t.headline,...t.other].map(e=>W(Ki,{change:e,explain:n},e.id))}),t.created.length>0&&W(qi,{group:t})]},t.kind))]})}function Yi({userId:e}){let[t,n]=A(Ii[0]),[r,i]=A(null),[a,o]=A(()=>Li(Ii[0])),s=`${e}|${a}`,[c,l]=A({scope:s,earlier:[],after:null}),{earlier:u,after:d}=c.scope===s?c:{earlier:[],after:null},{data:f,error:p,loading:m,reload:h}=R(gn,{userId:e,from:a,after:d},`${s}|${d}`),g=new Set(u.map(e=>e.id)),_=[...u,...(f?.beliefChanges.nodes??[]).filter(e=>!g.has(e.id))],v=f?.beliefChanges.hasNextPage?f.beliefChanges.endCursor:null;return W(`section`,{"aria-labelledby":`changes-title`,children:[W(`div`,{class:`section-head`,children:W(`h2`,{id:`changes-title`,children:`What changed`})}),W(`form`,{class:`filters`,onSubmit:e=>e.preventDefault(),children:W(`label`,{class:`inline`,children:[W(`span`,{children:`Range`}),W(`select`,{value:String(t),onChange:e=>{let t=Number(e.currentTarget.value);n(t),o(Li(t))},children:[W(`option`,{value:`7`,children:`this week (last 7 days)`}),W(`option`,{value:`30`,children:`last 30 days`})]})]})}),W(`p`,{class:`muted range-note`,children:`Days are when graphsvc recorded each change, not when it happened in the user's life.`}),m&&_.length===0&&W(q,{what:`the changes`}),p&&W(J,{error:p,retry:h}),f&&!m&&!p&&_.length===0&&W(Y,{title:`Nothing changed in this range`,children:W(`p`,{children:[`Memories created, corrected, superseded, forgotten, archived or restored, and traits that moved, appear here. Widen the range above, or see every memory under `,W(`strong`,{children:`Memories`}),`.`]})}),_.length>0&&W(`ol`,{class:`change-days`,"aria-busy":m,children:Vi(_).map(([e,t])=>W(Ji,{day:e,groups:t,explain:i},e))}),_.length>0&&v&&W(`button`,{type:`button`,class:`more`,disabled:m,onClick:()=>l({scope:s,earlier:_,after:v}),children:`More`}),r&&W(qn,{userId:e,request:r,onClose:()=>i(null)})]})}function Xi({userId:e}){let{data:t,error:n,loading:r,reload:i}=R(mn,{userId:e},e),a=t?.documents??[],{page:o,index:s,pages:c,go:l}=Ht(a,20,e);return W(`section`,{"aria-labelledby":`documents-title`,children:[W(`div`,{class:`section-head`,children:W(`h2`,{id:`documents-title`,children:`Documents`})}),r&&!t&&W(q,{what:`documents`}),n&&W(J,{error:n,retry:i}),t&&a.length===0&&W(Y,{title:`No document yet`,children:W(`p`,{children:[`Store one with `,W(`code`,{children:`ingestDocument`}),` (PDF, DOCX, XLSX, CSV, Markdown, text, HTML) or`,` `,W(`code`,{children:[`graphsvc ingest-doc --user `,e,` FILE`]}),`: it is normalised to markdown, chunked by its headings and embedded, and its entities, candidates and tags are found by a background job.`]})}),a.length>0&&W(`ul`,{class:`cards`,children:o.map(e=>W(`li`,{class:`card document`,children:[W(`div`,{class:`card-head`,children:[e.format&&W(K,{value:e.format,tone:`source`}),W(`span`,{class:`muted`,children:[`version `,e.version,e.history>0?` (${e.history} earlier kept)`:``]})]}),W(F,{href:`/documents/${encodeURIComponent(e.id)}`,class:`card-title`,children:W(G,{children:e.title||e.filename})}),W(`div`,{class:`muted`,children:[W(`code`,{children:e.filename}),` · `,V(e.pages),` page`,e.pages===1?``:`s`,` · `,V(e.chunkCount),` chunks ·`,` `,V(e.byteSize),` bytes · updated `,B(e.updatedAt),` · `,e.indexedAt?`indexed ${B(e.indexedAt)}`:`not indexed yet`]}),e.tags.length>0&&W(`ul`,{class:`chips`,"aria-label":`Tags`,children:e.tags.map(e=>W(`li`,{children:W(G,{children:e})},e))})]},e.id))}),W(Mn,{index:s,pages:c,go:l,noun:`Documents`})]})}function Zi({chunks:e,parent:t}){let n=e.filter(e=>e.parentId===t).sort((e,t)=>e.position-t.position);return n.length===0?null:W(`ul`,{class:t===null?`chunk-tree`:`chunk-children`,children:n.map(t=>W(`li`,{class:`chunk chunk-${t.kind}`,children:t.kind===`section`?W(`details`,{open:t.level<=1,children:[W(`summary`,{children:[W(G,{children:t.headingPath[t.headingPath.length-1]??`(untitled)`}),` `,W(`span`,{class:`muted`,children:[`section · `,t.tokens,` tokens`]})]}),W(Zi,{chunks:e,parent:t.id})]}):W(`div`,{children:[W(`span`,{class:`muted`,children:[`passage `,t.position,` · `,t.tokens,` tokens`]}),W(G,{as:`p`,children:t.content}),W(Zi,{chunks:e,parent:t.id})]})},t.id))})}function Qi({entities:e}){return e.length===0?W(`p`,{class:`muted`,children:`It names no one and nothing the entity rules recognise (or its index job has not run yet).`}):W(`ul`,{class:`document-entities`,children:e.map(e=>W(`li`,{children:[W(K,{value:e.kind}),` `,e.entityIds.length>0?W(F,{href:`/entities/${U(e.name)}`,title:`The user's own words name it too`,children:W(G,{children:e.name})}):W(G,{children:e.name}),` `,W(`span`,{class:`muted`,children:[e.mentions,` passage`,e.mentions===1?``:`s`,e.entityIds.length>0?` · also the user's entity`:``]})]},e.id))})}function $i({userId:e,id:t}){let{data:n,error:r,loading:i,reload:a}=R(hn,{userId:e,id:t},`${e}|${t}`);if(i&&!n)return W(q,{what:`the document`});if(r)return W(J,{error:r,retry:a});if(!n)return null;let o=n.document;return W(`article`,{"aria-labelledby":`document-title`,children:[W(`p`,{children:W(F,{href:`/documents`,children:`← Documents`})}),W(`h2`,{id:`document-title`,children:W(G,{children:o.title||o.filename})}),W(`p`,{class:`muted`,children:[W(`code`,{children:o.filename}),` · version `,o.version,` · `,V(o.chunkCount),` chunks · stored `,B(o.createdAt)]}),W(`section`,{"aria-labelledby":`document-entities-title`,children:[W(`h3`,{id:`document-entities-title`,children:[`Names in this document (`,o.entities.length,`)`]}),W(`p`,{class:`muted`,children:`Who and what its passages name. They belong to the document, not to the user's entities, unless the user's own words name them too.`}),W(Qi,{entities:o.entities})]}),W(`section`,{"aria-labelledby":`chunks-title`,children:[W(`h3`,{id:`chunks-title`,children:`Chunk tree`}),o.chunks.length===0?W(`p`,{class:`muted`,children:`No chunk: the document was empty.`}):W(Zi,{chunks:o.chunks,parent:null})]})]})}var ea=[{path:``,title:`Overview`,component:zn},{path:`timeline`,title:`Timeline`,component:Fi},{path:`changes`,title:`What changed`,component:Yi},{path:`memories`,title:`Memories`,component:Qn},{path:`traits`,title:`Traits`,component:ar},{path:`entities`,title:`Entities`,component:sr},{path:`graph`,title:`Graph`,component:bi},{path:`review`,title:`Review`,component:wi},{path:`documents`,title:`Documents`,component:Xi},{path:`jobs`,title:`Jobs`,component:Di},{path:`recall`,title:`Recall`,component:Oi}];function ta({userId:e,name:t}){let[,n]=xt(),[r,i]=A(null),{data:a,error:o,loading:s,reload:c}=R(en,{userId:e,name:t},`${e}|${t}`),l=a?.entity??null,u=Ht(l?.impressions??[],10,`${e}|${t}`),d=Ie(()=>{if(!l)return{nodes:[],links:[]};let e=new Map([[l.id,{id:l.id,label:l.subject,kind:l.kind}]]),t=[];for(let n of l.relations){e.set(n.other.id,{id:n.other.id,label:n.other.subject,kind:n.other.kind});let[r,i]=n.direction===`OUTGOING`?[l.id,n.other.id]:[n.other.id,l.id];t.push({source:r,target:i,relation:n.relation,strength:n.strength})}return{nodes:[...e.values()],links:t}},[l]);return s&&!a?W(q,{what:`the entity`}):o?W(J,{error:o,retry:c}):l?W(`article`,{class:`entity`,"aria-labelledby":`entity-title`,children:[W(`p`,{children:W(F,{href:`/entities`,children:`← Entities`})}),W(`div`,{class:`section-head`,children:[W(`h2`,{id:`entity-title`,children:W(G,{children:l.subject})}),W(K,{value:l.kind}),l.kindRule&&W(`code`,{class:`rule-id`,title:`The offline rule that decided the kind`,children:l.kindRule})]}),W(`p`,{class:`muted`,children:[`Known since `,B(l.createdAt),` · updated `,B(l.updatedAt)]}),W(`section`,{"aria-labelledby":`aliases-title`,children:[W(`h3`,{id:`aliases-title`,children:`Names`}),W(`ul`,{class:`chips`,children:l.aliases.map(e=>W(`li`,{children:W(G,{children:e.name})},e.id))})]}),W(`section`,{"aria-labelledby":`impressions-title`,children:[W(`h3`,{id:`impressions-title`,children:[`Impressions (`,l.impressions.length,`)`]}),l.impressions.length===0&&W(`p`,{class:`muted`,children:`No impression yet.`}),W(`ul`,{class:`cards`,children:u.page.map(e=>W(`li`,{class:`card`,children:[W(G,{as:`p`,children:e.content}),W(`div`,{class:`card-foot`,children:[W(jn,{value:e.confidence,name:`confidence`}),W(`button`,{type:`button`,disabled:e.evidence.length===0,onClick:()=>i({title:`Messages behind this impression`,eventIds:e.evidence.map(e=>e.eventId)}),children:[`Source messages (`,e.evidence.length,`)`]})]})]},e.id))}),W(Mn,{index:u.index,pages:u.pages,go:u.go,noun:`Impressions`})]}),W(`section`,{"aria-labelledby":`features-title`,children:[W(`h3`,{id:`features-title`,children:`Features`}),l.features.length===0?W(`p`,{class:`muted`,children:`No feature yet.`}):W(`div`,{class:`table-wrap`,children:W(`table`,{children:[W(`thead`,{children:W(`tr`,{children:[W(`th`,{scope:`col`,children:`key`}),W(`th`,{scope:`col`,children:`value`}),W(`th`,{scope:`col`,children:`confidence`}),W(`th`,{scope:`col`,children:`observed`})]})}),W(`tbody`,{children:l.features.map(e=>W(`tr`,{children:[W(`td`,{children:W(G,{children:e.key})}),W(`td`,{children:W(G,{children:e.value})}),W(`td`,{children:[Math.round(e.confidence*100),` %`]}),W(`td`,{children:B(e.observedAt)})]},e.id))})]})})]}),W(`section`,{"aria-labelledby":`document-mentions-title`,children:[W(`h3`,{id:`document-mentions-title`,children:[`Named in documents (`,l.documentMentions.length,`)`]}),l.documentMentions.length===0?W(`p`,{class:`muted`,children:`No document of the user's names it.`}):W(`ul`,{class:`document-mentions`,children:l.documentMentions.map(e=>W(`li`,{children:[W(F,{href:`/documents/${encodeURIComponent(e.documentId)}`,children:W(G,{children:e.title})}),` `,W(`span`,{class:`muted`,children:[`as “`,W(G,{children:e.name}),`” · `,e.mentions,` passage`,e.mentions===1?``:`s`]})]},e.documentId))})]}),W(`section`,{"aria-labelledby":`relations-title`,children:[W(`h3`,{id:`relations-title`,children:[`Relations (`,l.relations.length,`)`]}),l.relations.length===0?W(`p`,{class:`muted`,children:`No relation to another entity yet.`}):W(C,{children:[W(`ul`,{class:`relations`,children:l.relations.map((e,t)=>W(`li`,{children:[e.direction===`OUTGOING`?`→`:`←`,` `,W(G,{children:e.relation}),` `,W(F,{href:`/entities/${U(e.other.subject)}`,children:W(G,{children:e.other.subject})}),` `,W(`span`,{class:`muted`,children:[`strength `,e.strength.toFixed(2)]}),e.ruleId&&W(C,{children:[` `,W(`code`,{class:`rule-id`,title:`The offline rule that stated the relation`,children:e.ruleId})]})]},t))}),W(_i,{nodes:d.nodes,links:d.links,focusId:l.id,label:`${l.subject} and the entities it relates to`,onOpen:e=>n(`/entities/${U(e.label)}`)}),W(vi,{})]})]}),r&&W(Bn,{userId:e,request:r,onClose:()=>i(null)})]}):W(Y,{title:`No entity by that name`,children:W(`p`,{children:[`No subject or alias of this user is “`,W(G,{children:t}),`”. Look it up in the `,W(F,{href:`/entities`,children:`entity list`}),`.`]})})}function na(e){let t=e.replace(/^\//,``).split(`/`)[0]??``;return ea.some(e=>e.path===t)?t:``}function ra({userId:e}){let[t]=xt(),n=na(t),r=ea.find(e=>e.path===n)?.title??`Overview`;return j(()=>{document.title=`${r} · ${e} · graphsvc`},[r,e]),W(`div`,{class:`user-layout`,children:[W(`div`,{class:`user-head`,children:[W(`h1`,{children:[W(`span`,{class:`muted`,children:`User`}),` `,W(`span`,{lang:On(e),children:e})]}),W(`nav`,{"aria-label":`Views`,class:`views-nav`,children:ea.map(e=>W(F,{href:`/${e.path}`,"aria-current":e.path===n?`page`:void 0,children:e.title},e.path))})]}),W(`main`,{id:`main`,class:`page`,tabIndex:-1,children:W(Ot,{children:[W(P,{path:`/documents/:id`,children:t=>W($i,{userId:e,id:kn(t.id)})}),W(P,{path:`/traits/:id`,children:t=>W(or,{userId:e,id:kn(t.id)})}),W(P,{path:`/entities/:name`,children:t=>W(ta,{userId:e,name:kn(t.name)})}),ea.map(t=>W(P,{path:`/${t.path}`,children:W(t.component,{userId:e})},t.path)),W(P,{children:W(Y,{title:`No such view`,children:W(`p`,{children:[`Pick a view above, or go back to the `,W(F,{href:`/`,children:`overview`}),`.`]})})})]})})]})}function ia({reason:e}){let[t,n]=A(``),r=M(null);return j(()=>{document.title=`Sign in · graphsvc`,r.current?.focus()},[]),W(`main`,{id:`main`,class:`page sign-in`,children:[W(`h1`,{children:`Sign in`}),W(`p`,{class:`lead`,children:[`This graphsvc has authentication on. Enter an API key (`,W(`code`,{children:`graphsvc keys create --user U`}),` for one user, `,W(`code`,{children:`--admin`}),` for every user) or a token. It is kept in this tab only and sent as`,` `,W(`code`,{children:`Authorization: Bearer`}),`.`]}),e&&W(`div`,{class:`error`,role:`alert`,children:e}),W(`form`,{class:`open-user`,onSubmit:e=>{e.preventDefault(),t.trim()&&Lt(t)},children:[W(`label`,{for:`api-key`,children:`API key or token`}),W(`input`,{id:`api-key`,ref:r,type:`password`,autocomplete:`off`,spellcheck:!1,value:t,onInput:e=>n(e.currentTarget.value),placeholder:`gsk_…`}),W(`button`,{type:`submit`,children:`Sign in`})]})]})}var aa=be({authRequired:!1,principal:``,admin:!0,userIds:null});function oa(){return Re(aa)}function sa(e){return e.userIds!==null&&e.userIds.length===1?e.userIds[0]:null}function ca(e,t){return e.userIds===null||e.userIds.includes(t)}function la(){let e=vt(),t=oa(),n=kn(e.userId);if(!ca(t,n)){let e=sa(t);return W(`main`,{id:`main`,class:`page`,children:W(Y,{title:`This key may not see that user`,children:W(`p`,{children:[`You are signed in for `,e?W(F,{href:`/users/${U(e)}`,children:e}):`other users`,` only.`,` `,`Sign out and sign in with an admin key to see `,W(`span`,{lang:On(n),children:n}),`.`]})})})}return W(ra,{userId:n})}function ua(){let e=sa(oa());return e?W(kt,{to:`/users/${U(e)}`,replace:!0}):W(Pn,{})}function da(){let e=oa();if(!e.authRequired)return null;let t=sa(e);return W(`div`,{class:`session`,children:[W(`span`,{class:`muted`,title:e.principal,children:e.admin?`Admin`:t?W(C,{children:[`User `,W(`span`,{lang:On(t),children:t})]}):`No user`}),W(`button`,{type:`button`,class:`link-button`,onClick:()=>Rt(`You signed out. Enter a key to sign in again.`),children:`Sign out`})]})}function fa({signedIn:e}){let t=sa(oa());return W(`header`,{class:`topbar`,children:[W(F,{href:`/`,class:`brand`,children:`graphsvc`}),W(`nav`,{"aria-label":`Tools`,class:`tools`,children:[e&&!t&&W(F,{href:`/`,children:`Users`}),W(`a`,{href:`/graphql`,children:`GraphiQL`}),W(`a`,{href:`/`,children:`Home`})]}),e&&W(da,{})]})}function pa(){return W(Ot,{children:[W(P,{path:`/`,children:W(ua,{})}),W(P,{path:`/users/:userId`,nest:!0,children:W(la,{})}),W(P,{children:W(`main`,{id:`main`,class:`page`,children:W(Y,{title:`No such page`,children:W(`p`,{children:[`Dashboard pages start at `,W(F,{href:`/`,children:`the user list`}),` or `,W(`code`,{children:`/ui/users/<userId>`}),`.`]})})})})]})}function ma(){let e=zt(),t=R(Wt,{},`viewer|${e.epoch}`,e.prompt),n=t.data?.viewer??null,r=!e.prompt&&n!==null&&!t.loading;return W(wt,{base:`/ui`,children:[W(`a`,{class:`skip`,href:`#main`,children:`Skip to content`}),W(aa.Provider,{value:n??{authRequired:!0,principal:``,admin:!1,userIds:[]},children:[W(fa,{signedIn:r}),e.prompt&&W(ia,{reason:e.reason}),!e.prompt&&t.loading&&W(`main`,{id:`main`,class:`page`,children:W(q,{what:`the dashboard`})}),!e.prompt&&!t.loading&&t.error&&W(`main`,{id:`main`,class:`page`,children:W(J,{error:t.error,retry:t.reload})}),r&&W(pa,{})]})]})}ve(W(ma,{}),document.getElementById(`app`));